// The member editor, the new member wizard and the CSV import, as an admin of a community of this
// spec's own (the demo community's people are counted by other specs, so they are left alone).
// Runs with and without JavaScript: every form is a plain form.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { Membership, Room, User } from '#models/index'
import { newId } from '../../models/ids'
import { addPerson, copyOfDemoRoom, expectAccessible, makeCommunity, screenshot, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

/** A community of this test's own: its admin, and a member with a personal room. */
async function makeEditorCommunity(project: string) {
  const run = `${randomBytes(3).toString('hex')}-${project}`
  const slug = `members-${run}`
  const brandId = await makeCommunity(slug, `Members ${run}`)
  const admin = { emailAddress: `admin-${run}@members.example`, id: '' }
  admin.id = await addPerson(brandId, { name: 'Ada Admin', emailAddress: admin.emailAddress, role: 'community-admin' })
  const memberId = await addPerson(brandId, { name: 'Mel Member', emailAddress: `mel-${run}@members.example` })
  // An account this community made and nobody signed in to yet: the editor may fill it in (docs/security.md).
  await User.update({ managedByBrandId: brandId }, { where: { id: memberId } })
  await copyOfDemoRoom('hub', {
    id: newId(),
    slug: `mel-${run}`,
    name: 'Mel Member',
    brandId,
    hostId: memberId,
    context: 'personal',
    type: 'personal',
  })
  return { run, slug, brandId, admin, memberId }
}

async function shootBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, test.info(), name)
  }
}

test('an admin imports a CSV, edits a member and adds one with the wizard', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const world = await makeEditorCommunity(testInfo.project.name)
  await signInWithSession(page, world.admin.emailAddress)

  // The import: a good row, a bad one and a duplicate, each reported; the good ones pending.
  await page.goto(`/${world.slug}/members/import`)
  await expect(page.getByRole('heading', { level: 1, name: text('members:import.title') })).toBeVisible()
  await expectAccessible(page)
  const good = `grace-${world.run}@members.example`
  // Phone numbers are unique across accounts: each project (js, no-js) uses its own.
  const last = testInfo.project.name === 'js' ? '2' : '3'
  const csv = [
    'fullName,emailAddress,phoneNumber,roles',
    `Grace Hopper,${good},(415) 555-013${last},community-member`,
    `Alan Turing,alan-${world.run}@members.example,,`,
    'Nobody,not-an-email,,',
    `Grace Twice,${good.toUpperCase()},,`,
  ].join('\n')
  await page
    .getByLabel(text('members:import.file'))
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: text('members:import.submit') }).click()
  const report = page.getByRole('region', { name: text('members:import.report.title') })
  await expect(report.getByText(text('members:import.report.summary', { imported: 2, refused: 2 }))).toBeVisible()
  const rows = report.getByRole('row')
  await expect(rows.filter({ hasText: 'Grace Hopper' })).toContainText(text('members:import.report.imported'))
  await expect(rows.filter({ hasText: 'not-an-email' })).toContainText(text('members:editor.errors.nameFull'))
  await expect(rows.filter({ hasText: 'not-an-email' })).toContainText(text('members:editor.errors.emailInvalid'))
  await expect(rows.filter({ hasText: 'Grace Twice' })).toContainText(text('members:import.reasons.duplicate'))
  const pending = await Membership.findAll({
    where: { brandId: world.brandId },
    include: [{ model: User, as: 'user', where: { emailAddress: good }, attributes: [] }],
    attributes: ['status'],
    raw: true,
  })
  expect(pending).toEqual([{ status: 'pending' }])
  await expectAccessible(page)
  await shootBothWidths(page, 'member-import-report')

  // The editor: bad input keeps what was typed; a good save says so.
  await page.goto(`/${world.slug}/members/${world.memberId}`)
  await expect(
    page.getByRole('heading', { level: 1, name: text('members:editor.title', { name: 'Mel Member' }) }),
  ).toBeVisible()
  await expectAccessible(page)
  await shootBothWidths(page, 'member-editor')
  await page.getByLabel(text('members:editor.fields.name')).fill('Mel')
  await page.getByLabel(text('members:editor.fields.company')).fill('Typed Co')
  await page.getByLabel(text('members:editor.fields.phoneNumber')).fill(`0044 7400 12345${last}`)
  await page.getByRole('button', { name: text('members:editor.save') }).click()
  await expect(page.getByText(text('members:editor.errors.nameFull'))).toBeVisible()
  await expect(page.getByLabel(text('members:editor.fields.company'))).toHaveValue('Typed Co')
  await expect(page.getByLabel(text('members:editor.fields.name'))).toHaveValue('Mel')
  await page.getByLabel(text('members:editor.fields.name')).fill('Mel Melody')
  await page.getByLabel(text('members:editor.fields.twitter')).fill('@melody')
  await page.getByRole('button', { name: text('members:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await expect(page.getByLabel(text('members:editor.fields.phoneNumber'))).toHaveValue(`+44740012345${last}`)
  await expect(page.getByLabel(text('members:editor.fields.twitter'))).toHaveValue('melody')

  // The room link: a reserved one is refused with a suggestion; a free one asks first, then changes.
  const link = page.getByLabel(text('members:editor.fields.roomLink'))
  await link.fill('Members')
  await page.getByRole('button', { name: text('members:editor.save') }).click()
  await expect(page.getByText(text('members:roomLink.notAvailable', { label: 'Members' }))).toBeVisible()
  await expect(page.getByText(text('members:roomLink.suggestion', { suggestion: 'members-2' }))).toBeVisible()
  await page.getByLabel(text('members:editor.fields.roomLink')).fill(`melody-${world.run}`)
  await page.getByRole('button', { name: text('members:editor.save') }).click()
  await expect(page.getByText(text('members:roomLink.confirm.warning')).first()).toBeVisible()
  await page
    .getByRole('button', {
      name: text('members:roomLink.confirm.button', { to: `/${world.slug}/melody-${world.run}` }),
    })
    .click()
  // The earlier save's message may still be on the page: wait for the change itself.
  await expect
    .poll(() =>
      Room.findAll({ where: { brandId: world.brandId, hostId: world.memberId }, attributes: ['slug'], raw: true }),
    )
    .toEqual([{ slug: `melody-${world.run}` }])
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()

  // The wizard: bad input first (kept), then the new member and their room.
  await page.goto(`/${world.slug}/members/new`)
  await expect(page.getByRole('heading', { level: 1, name: text('members:wizard.title') })).toBeVisible()
  await expectAccessible(page)
  const email = `new-${world.run}@members.example`
  await page.getByLabel(text('members:wizard.fields.name')).fill('Nia Studio')
  await page.getByLabel(text('members:wizard.fields.roomLink')).fill(`nia-${world.run}`)
  await page.getByLabel(text('members:wizard.fields.emailAddress')).fill(email)
  await page.getByLabel(text('members:wizard.fields.fullName')).fill('Nia')
  await page.getByLabel(text('members:wizard.fields.access')).selectOption('open')
  await page.getByRole('button', { name: text('members:wizard.create') }).click()
  await expect(page.getByText(text('members:editor.errors.nameFull'))).toBeVisible()
  await expect(page.getByLabel(text('members:wizard.fields.emailAddress'))).toHaveValue(email)
  await expect(page.getByLabel(text('members:wizard.fields.access'))).toHaveValue('open')
  await page.getByLabel(text('members:wizard.fields.fullName')).fill('Nia Newcomer')
  await page.getByRole('button', { name: text('members:wizard.create') }).click()
  // Off to the members list: /{brand}/members is another page's (built beside this one), so only
  // leaving the wizard is asserted here; the redirect and its flash are the integration test's.
  await expect(page.getByRole('heading', { level: 1, name: text('members:wizard.title') })).toHaveCount(0)
  const nia = await User.findOne({ where: { emailAddress: email }, rejectOnEmpty: true })
  const memberships = await Membership.findAll({ where: { brandId: world.brandId, userId: nia.id } })
  const rooms = await Room.findAll({ where: { brandId: world.brandId, hostId: nia.id } })
  // "Open": neither locked nor with a waiting room (media-edge/lobby.ts reads both at the door).
  const created = memberships.flatMap(({ status }) =>
    rooms.map(({ locked, waitingRoom }) => ({ status, locked, waitingRoom })),
  )
  expect(created).toEqual([{ status: 'active', locked: false, waitingRoom: false }])
})
