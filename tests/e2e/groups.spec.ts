// Groups (/{brand}/groups, /{brand}/groups/new, /{brand}/join/{room}, /{brand}/groups/{room}): an
// admin makes a private group with the wizard (bad input first), sets its questionnaire; a member
// asks to join by answering it, the admin approves, and the member enters the group's room. Then
// the bulk actions and the per-page selector. Each project builds a community of its own.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { BrandTag, Room } from '#models/index'
import { newId } from '../../models/ids'
import {
  addPerson,
  collectErrors,
  copyRow,
  demoCommunity,
  expectAccessible,
  makeCommunity,
  type screenshot,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function makeGroupsCommunity(suffix: string) {
  const slug = `groups-${suffix}`
  const brandId = await makeCommunity(slug, `Groups Test ${suffix}`)
  const person = async (name: string, role = 'community-member') => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@groups.hearth.test`
    const id = await addPerson(brandId, { name, emailAddress, role })
    return { id, name, emailAddress }
  }
  return { slug, brandId, admin: await person('Ada Admin', 'community-admin'), member: await person('Mel Member') }
}

/** A group row of the community's own, copied from the demo's group with these fields. */
async function addGroup(brandId: string, fields: { slug: string; name: string; status?: Room['status'] }) {
  await copyRow(
    Room,
    { slug: 'book-club', brandId: (await demoCommunity()).id },
    {
      id: newId(),
      brandId,
      status: 'active',
      hostId: null,
      members: [],
      coHosts: [],
      roomType: 'public',
      pinnedInDirectory: false,
      ...fields,
    },
  )
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })
const tab = (page: Page, key: string) =>
  page
    .getByRole('navigation', { name: text('groups:tabs.label') })
    .getByRole('link', { name: new RegExp(`^${text(key)}`) })

/** Axe on the page, then a screenshot at desktop and at phone width. */
async function shots(page: Page, testInfo: Parameters<typeof screenshot>[1], name: string) {
  await expectAccessible(page)
  await screenshots(page, testInfo, name)
}

test('a member asks to join a private group by answering its questions, an admin approves, and the member enters its room', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeGroupsCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const link = `circle-${randomBytes(2).toString('hex')}`
  const errors = collectErrors(page)
  await signInWithSession(page, community.admin.emailAddress)

  // The wizard, with bad input first: each message, and what was typed kept.
  await page.goto(`/${community.slug}/groups`)
  await expect(page).toHaveTitle(`${text('groups:title.page')} · Hearth`)
  await page.getByRole('link', { name: text('groups:actions.create') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('groups:wizard.title') })).toBeVisible()
  await shots(page, testInfo, 'groups-wizard')
  await page.getByLabel(text('groups:wizard.fields.title')).fill('R')
  await page.getByLabel(text('groups:wizard.fields.description')).fill('Read')
  await page.getByLabel(text('groups:wizard.fields.roomLink')).fill('groups')
  await page.getByRole('button', { name: text('groups:wizard.create') }).click()
  await expect(page.getByText(text('groups:wizard.errors.titleTooShort'))).toBeVisible()
  await expect(page.getByText(text('groups:wizard.errors.descriptionTooShort'))).toBeVisible()
  await expect(page.getByLabel(text('groups:wizard.fields.title'))).toHaveValue('R')
  await page.getByLabel(text('groups:wizard.fields.title')).fill('Reading Circle')
  await page.getByLabel(text('groups:wizard.fields.description')).fill('We read and talk')
  await page.getByRole('button', { name: text('groups:wizard.create') }).click()
  // The link rules' server check: a path of the product is not available, with a suggestion.
  await expect(page.getByText(text('members:roomLink.notAvailable', { label: 'groups' }))).toBeVisible()
  await expect(page.getByText(text('members:roomLink.suggestion', { suggestion: 'groups-2' }))).toBeVisible()
  await shots(page, testInfo, 'groups-wizard-refused')
  await page.getByLabel(text('groups:wizard.fields.roomLink')).fill(link)
  await page.getByLabel(text('groups:wizard.fields.groupType')).selectOption('private')
  // How people join, set in the wizard: requests, each approved, with a question.
  await expect(page.getByLabel(text('groups:preferences.allowMembershipRequests'))).toBeChecked()
  await page.getByLabel(text('groups:preferences.manualApproval')).check()
  await page.getByLabel(text('groups:preferences.questions')).fill('What do you like to read?')
  await page.getByRole('button', { name: text('groups:wizard.create') }).click()
  // It lands on the new group, where its host (the admin made it) finds its preferences as chosen.
  await expect(page).toHaveURL(`/${community.slug}/groups/${link}`)
  await expect(page.getByText(text('groups:wizard.created', { name: 'Reading Circle' }))).toBeVisible()
  await expect(page.getByLabel(text('groups:preferences.manualApproval'))).toBeChecked()
  await expect(page.getByLabel(text('groups:preferences.questions'))).toHaveValue('What do you like to read?')

  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled })
  try {
    const member = await context.newPage()
    await signInWithSession(member, community.member.emailAddress)
    // Not yet: a private group admits its members only, and the refusal offers to ask.
    await member.goto(`/${community.slug}/${link}`)
    await expect(member).toHaveURL(new RegExp(`/${community.slug}/access-denied`))
    await expect(
      member.getByText(text('pages:accessPages.accessDenied.groupMembersOnly', { group: 'Reading Circle' })),
    ).toBeVisible()
    await expect(
      member.getByRole('link', { name: text('pages:accessPages.accessDenied.askToJoin', { group: 'Reading Circle' }) }),
    ).toHaveAttribute('href', `/${community.slug}/join/${link}`)

    await member.goto(`/${community.slug}/groups`)
    await shots(member, testInfo, 'groups-list')
    await row(member, 'Reading Circle')
      .getByRole('link', { name: `${text('groups:actions.join')} Reading Circle` })
      .click()
    await expect(member).toHaveURL(`/${community.slug}/join/${link}`)
    await expect(member).toHaveTitle(`${text('groups:join.title')} · Hearth`)
    await member.getByRole('button', { name: text('groups:join.submit') }).click()
    await expect(member.getByText(text('groups:join.errors.answerRequired'))).toBeVisible()
    await member.getByLabel('What do you like to read?').fill('Novels, mostly')
    await shots(member, testInfo, 'groups-join')
    await member.getByRole('button', { name: text('groups:join.submit') }).click()
    await expect(member.getByText(text('groups:join.requested', { name: 'Reading Circle' }))).toBeVisible()
    await expect(row(member, 'Reading Circle').getByText(text('groups:list.requested'))).toBeVisible()
    // Refused at the room meanwhile, they read that their request waits.
    await member.goto(`/${community.slug}/${link}`)
    await expect(
      member.getByText(text('pages:accessPages.accessDenied.requestWaiting', { group: 'Reading Circle' })),
    ).toBeVisible()

    // The admin sees the request with its answer and approves it.
    await page.reload()
    await expect(row(page, 'Mel Member').getByText('Novels, mostly')).toBeVisible()
    await shots(page, testInfo, 'groups-manage')
    await page.getByRole('button', { name: `${text('groups:people.approveRequest')} Mel Member` }).click()
    await expect(page.getByText(text('groups:people.done.approveRequest'))).toBeVisible()

    // Now the member enters the group's room, and asking again says they are in.
    const entered = await member.goto(`/${community.slug}/${link}`)
    expect(entered?.status()).toBe(200)
    await expect(member).toHaveURL(`/${community.slug}/${link}`)
    await member.goto(`/${community.slug}/join/${link}`)
    await expect(member.getByText(text('groups:join.alreadyMember'))).toBeVisible()

    // The host makes them a co-host: the group's page is theirs to run now, its preferences too.
    await page.reload()
    await page.getByRole('button', { name: `${text('groups:people.promote')} Mel Member` }).click()
    await expect(page.getByText(text('groups:people.done.promote'))).toBeVisible()
    await member.goto(`/${community.slug}/groups?tab=mine`)
    await row(member, 'Reading Circle')
      .getByRole('link', { name: `${text('groups:actions.manage')} Reading Circle` })
      .click()
    await expect(member.getByRole('heading', { level: 2, name: text('groups:preferences.title') })).toBeVisible()

    // The co-host sets the breakout preview: a time out of range comes back with the reason and what was typed.
    const preview = (key: string) => member.getByLabel(text(`common:breakoutPreview.${key}`))
    await preview('label').check()
    await preview('seconds').fill('1')
    await member.getByRole('button', { name: text('groups:preferences.save') }).click()
    await expect(member.getByText(text('common:breakoutPreview.secondsInvalid'))).toBeVisible()
    await expect(preview('seconds')).toHaveValue('1')
    await preview('seconds').fill('30')
    await member.getByRole('button', { name: text('groups:preferences.save') }).click()
    await expect(member.getByText(text('common:flash.saved'))).toBeVisible()
    await expect(preview('label')).toBeChecked()
    await expect(preview('seconds')).toHaveValue('30')
  } finally {
    await context.close()
  }
  // The refused wizard posts answer 400: the browser logs that status, which is the page working as meant.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})

test('an admin approves, archives, restores and removes groups in bulk, and picks how many a page shows', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeGroupsCommunity(`bulk-${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  for (let n = 1; n <= 12; n += 1)
    await addGroup(community.brandId, {
      slug: `g${n}-${randomBytes(2).toString('hex')}`,
      name: `Group ${String(n).padStart(2, '0')}`,
    })
  await addGroup(community.brandId, {
    slug: `waiting-${randomBytes(2).toString('hex')}`,
    name: 'Waiting Group',
    status: 'pending',
  })
  await signInWithSession(page, community.admin.emailAddress)

  await page.goto(`/${community.slug}/groups?tab=active`)
  await expect(page.getByText(text('groups:list.showing', { from: 1, to: 10, total: 12 }))).toBeVisible()
  await page.getByLabel(text('groups:list.perPage')).selectOption('25')
  await page.getByRole('button', { name: text('groups:list.show') }).click()
  await expect(page).toHaveURL(`/${community.slug}/groups?tab=active&perPage=25`)
  await expect(page.getByText(text('groups:list.showing', { from: 1, to: 12, total: 12 }))).toBeVisible()

  // Archive two; they leave the active list and wait in the archived tab.
  await page.getByRole('checkbox', { name: text('groups:list.select', { name: 'Group 01' }) }).check()
  await page.getByRole('checkbox', { name: text('groups:list.select', { name: 'Group 02' }) }).check()
  await page.getByRole('button', { name: text('groups:bulk.archive') }).click()
  await expect(page.getByText(text('groups:bulk.done.archive_other', { count: 2 }))).toBeVisible()
  await expect(page).toHaveURL(`/${community.slug}/groups?tab=active&perPage=25`)
  await expect(page.getByText(text('groups:list.showing', { from: 1, to: 10, total: 10 }))).toBeVisible()

  await tab(page, 'groups:tabs.archived').click()
  await page.getByRole('checkbox', { name: text('groups:list.select', { name: 'Group 01' }) }).check()
  await page.getByRole('button', { name: text('groups:bulk.restore') }).click()
  await expect(page.getByText(text('groups:bulk.done.restore_one', { count: 1 }))).toBeVisible()
  await page.getByRole('checkbox', { name: text('groups:list.select', { name: 'Group 02' }) }).check()
  await page.getByRole('button', { name: text('groups:bulk.remove') }).click()
  await expect(page.getByText(text('groups:bulk.done.remove_one', { count: 1 }))).toBeVisible()
  await expect(page.getByText(text('groups:list.empty'))).toBeVisible()

  // The pending group: approving something not pending is refused, the pending one is approved.
  await tab(page, 'groups:tabs.pending').click()
  await shots(page, testInfo, 'groups-pending')
  await page.getByRole('button', { name: text('groups:bulk.approve') }).click()
  await expect(page.getByText(text('groups:bulk.noneSelected'))).toBeVisible()
  await page.getByRole('checkbox', { name: text('groups:list.select', { name: 'Waiting Group' }) }).check()
  await page.getByRole('button', { name: text('groups:bulk.approve') }).click()
  await expect(page.getByText(text('groups:bulk.done.approve_one', { count: 1 }))).toBeVisible()
  await tab(page, 'groups:tabs.active').click()
  await expect(row(page, 'Waiting Group')).toBeVisible()
})

test('the wizard puts the ticked tags on a new group, which the list shows; a sixth is refused', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000)
  const community = await makeGroupsCommunity(`tags-${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  // Six live tags; the first is one every new group gets, so it starts ticked.
  const labels = ['Art', 'Books', 'Chess', 'Dance', 'Earth', 'Film']
  for (const [n, label] of labels.entries())
    await BrandTag.create({ brandId: community.brandId, label, newMembers: false, newGroups: n === 0 })
  await signInWithSession(page, community.admin.emailAddress)
  await page.goto(`/${community.slug}/groups/new`)
  const tags = page.getByRole('group', { name: text('groups:tags.legend') })
  await expect(tags.getByRole('checkbox', { name: 'Art', exact: true })).toBeChecked()
  await page.getByLabel(text('groups:wizard.fields.title')).fill('Tagged Circle')
  await page.getByLabel(text('groups:wizard.fields.description')).fill('A group with tags')
  await page.getByLabel(text('groups:wizard.fields.roomLink')).fill(`tagged-${randomBytes(2).toString('hex')}`)
  for (const label of labels.slice(1)) await tags.getByRole('checkbox', { name: label, exact: true }).check()
  await page.getByRole('button', { name: text('groups:wizard.create') }).click()
  await expect(page.getByText(text('tags:errors.tooManyForGroup'))).toBeVisible()
  await expect(page.getByLabel(text('groups:wizard.fields.title'))).toHaveValue('Tagged Circle')
  await expect(tags.getByRole('checkbox', { name: 'Film', exact: true })).toBeChecked()
  await shots(page, testInfo, 'groups-wizard-tags-refused')

  for (const label of ['Art', 'Dance', 'Earth', 'Film'])
    await tags.getByRole('checkbox', { name: label, exact: true }).uncheck()
  await page.getByRole('button', { name: text('groups:wizard.create') }).click()
  await expect(page.getByText(text('groups:wizard.created', { name: 'Tagged Circle' }))).toBeVisible()
  await page.goto(`/${community.slug}/groups`)
  const labelsShown = row(page, 'Tagged Circle').getByRole('list', { name: text('groups:tags.listLabel') })
  await expect(labelsShown.getByRole('listitem')).toHaveText(['Books', 'Chess'])
  await shots(page, testInfo, 'groups-list-tags')
})

test('a member writes a post in a public group’s feed from its page and follows the group', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeGroupsCommunity(`feed-${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const link = `garden-${randomBytes(2).toString('hex')}`
  await addGroup(community.brandId, { slug: link, name: 'Garden Friends' })
  await signInWithSession(page, community.member.emailAddress)

  await page.goto(`/${community.slug}/groups/${link}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Garden Friends' })).toBeVisible()
  await expect(page.getByRole('heading', { name: text('groups:manage.requests') })).toHaveCount(0)
  await page.getByLabel(text('posts:feed.messageLabel')).fill('Tomatoes are in')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page).toHaveURL(new RegExp(`/${community.slug}/groups/${link}$`))
  await expect(page.getByRole('article').filter({ hasText: 'Tomatoes are in' })).toBeVisible()

  await page.getByRole('button', { name: new RegExp(text('connections:actions.followRoom')) }).click()
  await expect(page.getByRole('button', { name: new RegExp(text('connections:actions.unfollowRoom')) })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/${community.slug}/groups/${link}$`))
  await shots(page, testInfo, 'groups-feed')
})
