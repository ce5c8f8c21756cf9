// The members page (/{brand}/members): an admin approves a pending member, archives and restores
// one, deletes one by typing the address, and downloads the CSV; a plain member may not export.
// Each project builds a community of its own (makeCommunity): other specs count the demo's members.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { expect, test, type Page } from '@playwright/test'
import { User, type Membership } from '#models/index'
import {
  addPerson,
  collectErrors,
  expectAccessible,
  makeCommunity,
  screenshot,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

/** A community of this test's own, with a handful of people in given states and roles. */
async function makeMembersCommunity(suffix: string) {
  const slug = `members-${suffix}`
  const brandId = await makeCommunity(slug, `Members Test ${suffix}`)
  const person = async (name: string, status: Membership['status'], role = 'community-member') => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@members.hearth.test`
    await addPerson(brandId, { name, emailAddress, status, role })
    return { name, emailAddress }
  }
  return {
    slug,
    admin: await person('Ada Admin', 'active', 'community-admin'),
    member: await person('Mel Member', 'active'),
    pending: await person('Penny Pending', 'pending'),
    active: await person('Archie Active', 'active'),
    doomed: await person('Dee Delete', 'active'),
  }
}

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: text('members:tabs.label') }).getByRole('link', { name: new RegExp(`^${name}`) })
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
const actionButton = (page: Page, action: string, name: string) =>
  page.getByRole('button', {
    name: `${text(`members:actions.${action}`)} ${text('members:actions.forMember', { name })}`,
    exact: true,
  })

test('an admin runs the members page; a plain member may not export', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeMembersCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  await signInWithSession(page, community.admin.emailAddress)

  await page.goto(`/${community.slug}/members`)
  await expect(page).toHaveTitle(`${text('members:title.page')} · Hearth`)
  await expect(page.getByRole('heading', { level: 1, name: text('members:title.page') })).toBeVisible()
  await expect(page.getByRole('link', { name: text('members:actions.add') })).toHaveAttribute(
    'href',
    `/${community.slug}/members/new`,
  )
  await expect(page.getByRole('link', { name: text('members:actions.import') })).toHaveAttribute(
    'href',
    `/${community.slug}/members/import`,
  )
  await expect(row(page, 'Mel Member').getByText(community.member.emailAddress, { exact: true })).toBeVisible()
  await expect(page.getByText(text('members:list.showing', { from: 1, to: 4, total: 4 }))).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'members')

  // Approve the pending member.
  await tab(page, text('members:tabs.pending')).click()
  await expect(row(page, 'Penny Pending')).toBeVisible()
  await actionButton(page, 'approve', 'Penny Pending').click()
  await expect(page.getByText(text('members:flash.approved'))).toBeVisible()
  await tab(page, text('members:tabs.active')).click()
  await expect(row(page, 'Penny Pending')).toBeVisible()

  // Archive, then restore.
  await actionButton(page, 'archive', 'Archie Active').click()
  await expect(page.getByText(text('members:flash.archived'))).toBeVisible()
  await expect(row(page, 'Archie Active')).toHaveCount(0)
  await tab(page, text('members:tabs.archived')).click()
  await actionButton(page, 'restore', 'Archie Active').click()
  await expect(page.getByText(text('members:flash.restored'))).toBeVisible()
  await tab(page, text('members:tabs.active')).click()
  await expect(row(page, 'Archie Active')).toBeVisible()

  // Search finds by name, without JavaScript too (a GET form).
  await page.getByLabel(text('members:list.search')).fill('dee')
  await page.getByRole('button', { name: text('members:list.searchButton') }).click()
  await expect(page).toHaveURL(`/${community.slug}/members?q=dee`)
  await expect(page.getByRole('row')).toHaveCount(2)

  // Delete: a wrong address is refused next to the form and keeps what was typed; the right one deletes.
  const doomed = row(page, 'Dee Delete')
  await expect(doomed.locator('summary')).toHaveText(`${text('members:delete.open')} Dee Delete`)
  await doomed.locator('summary').click()
  const confirm = doomed.getByLabel(text('members:delete.confirm', { email: community.doomed.emailAddress }))
  await confirm.fill('wrong@example.test')
  await doomed.getByRole('button', { name: `${text('members:delete.button')} Dee Delete` }).click()
  await expect(row(page, 'Dee Delete').getByText(text('members:delete.error'))).toBeVisible()
  await expect(row(page, 'Dee Delete').getByRole('textbox')).toHaveValue('wrong@example.test')
  await screenshot(page, testInfo, 'members-delete-refused')
  await row(page, 'Dee Delete').getByRole('textbox').fill(community.doomed.emailAddress)
  await row(page, 'Dee Delete')
    .getByRole('button', { name: `${text('members:delete.button')} Dee Delete` })
    .click()
  await expect(page.getByText(text('members:flash.deleted'))).toBeVisible()
  await expect(row(page, 'Dee Delete')).toHaveCount(0)
  expect(await User.count({ where: { emailAddress: community.doomed.emailAddress } })).toBe(1)

  // Export.
  await page.goto(`/${community.slug}/members`)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: text('members:export.link') }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`${community.slug}-members.csv`)
  const rows = parse(readFileSync((await download.path())!, 'utf8'), { columns: true, bom: true }) as Array<
    Record<string, string>
  >
  expect(rows.map((r) => r.name).sort()).toEqual(['Ada Admin', 'Archie Active', 'Mel Member', 'Penny Pending'])
  expect(rows.find((r) => r.name === 'Penny Pending')).toMatchObject({
    email: community.pending.emailAddress,
    status: 'active',
    roles: 'community-member',
  })
  expect(rows.find((r) => r.name === 'Ada Admin')?.roles).toBe('community-admin')

  // A plain member sees the list without the admin's tools, and the export is access denied.
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled })
  try {
    const member = await context.newPage()
    await signInWithSession(member, community.member.emailAddress)
    await member.goto(`/${community.slug}/members`)
    await expect(member.getByRole('heading', { level: 1, name: text('members:title.page') })).toBeVisible()
    await expect(member.getByRole('link', { name: text('members:export.link') })).toHaveCount(0)
    await expect(member.getByRole('navigation', { name: text('members:tabs.label') })).toHaveCount(0)
    await expect(row(member, 'Ada Admin').getByText(community.admin.emailAddress, { exact: true })).toHaveCount(0)
    const refused = await member.goto(`/${community.slug}/members/export`)
    expect(refused?.status()).toBe(403)
    await expect(
      member.getByRole('heading', { level: 1, name: text('pages:accessPages.accessDenied.title') }),
    ).toBeVisible()
  } finally {
    await context.close()
  }
  // The refused delete answers 400: the browser logs that status, which is the page working as meant.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})
