// The admin panel: an admin opens it from the account menu, reads the summary, archives a room in a
// batch and is told "Your changes were saved."; a member is refused it. Each project makes a
// community of its own (rows copied from the demo's, with new ids), so the demo's rooms and people,
// which other specs read, stay as they are.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { Room, User } from '#models/index'
import { newId } from '../../models/ids'
import {
  accountArea,
  accountMenuButton,
  addPerson,
  copyOfDemoRoom,
  expectAccessible,
  makeCommunity,
  openAccountMenu,
  screenshot,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
/** A community like the demo, with its hub and announcements, an admin, a member and three rooms. */
async function makeAdminCommunity(tag: string) {
  const slug = `admin-e2e-${tag}`
  const name = `Admin Test ${tag}`
  const hubId = newId()
  const announcementsId = newId()
  const brandId = await makeCommunity(slug, name, { topLevelRoomId: hubId, announcementsRoomId: announcementsId })
  await copyOfDemoRoom('hub', { id: hubId, brandId, slug: 'hub', name: `${name} Hub` })
  await copyOfDemoRoom('announcements', { id: announcementsId, brandId, slug: 'announcements', name: 'Announcements' })
  for (const room of ['Garden', 'Kitchen', 'Library']) {
    await copyOfDemoRoom('hub', { id: newId(), brandId, slug: room.toLowerCase(), name: `${room} ${tag}` })
  }
  const admin = { name: `Ada Admin ${tag}`, emailAddress: `admin-${tag}@admin-e2e.example` }
  const member = { name: `Mo Member ${tag}`, emailAddress: `member-${tag}@admin-e2e.example` }
  await addPerson(brandId, { ...admin, role: 'community-admin' })
  await addPerson(brandId, member)
  return { slug, name, admin, member }
}

test('an admin opens the panel from the account menu, reads the summary and archives a room', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const community = await makeAdminCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  await signInWithSession(page, community.admin.emailAddress)
  await page.goto(`/${community.slug}`)

  const menu = await openAccountMenu(page)
  await menu.getByRole('link', { name: text('common:accountMenu.manageCommunity') }).click()
  await expect(page).toHaveURL(`/${community.slug}/admin`)
  // With JavaScript the page changes under the menu, which stays open: close it for the screenshots.
  if ((await accountArea(page).locator('details.account-menu').getAttribute('open')) !== null)
    await accountMenuButton(page).click()
  await expect(page.getByRole('heading', { level: 1, name: text('admin:home.title') })).toBeVisible()

  // The admin navigation, with the community in "My Communities".
  const nav = page.getByRole('navigation', { name: text('admin:nav.label') })
  for (const item of ['home', 'users', 'rooms', 'directory', 'settings', 'manageSite', 'tags']) {
    await expect(nav.getByRole('link', { name: text(`admin:nav.${item}`), exact: true })).toBeVisible()
  }
  await expect(nav.getByRole('link', { name: text('admin:nav.settings'), exact: true })).toHaveAttribute(
    'href',
    `/${community.slug}/settings`,
  )
  await nav.getByText(text('admin:nav.myCommunities')).click()
  await expect(nav.getByRole('link', { name: community.name })).toHaveAttribute('href', `/${community.slug}/admin`)
  await nav.getByText(text('admin:nav.myCommunities')).click()

  // The summary: two active people, five active rooms.
  const people = page.getByRole('region', { name: text('admin:home.people') })
  const rooms = page.getByRole('region', { name: text('admin:home.rooms') })
  await expect(
    people
      .locator('div')
      .filter({ hasText: text('admin:peopleStatus.active') })
      .locator('dd'),
  ).toHaveText('2')
  await expect(
    rooms
      .locator('div')
      .filter({ hasText: text('admin:roomStatus.active') })
      .locator('dd'),
  ).toHaveText('5')
  await expect(
    rooms
      .locator('div')
      .filter({ hasText: text('admin:roomStatus.total') })
      .locator('dd'),
  ).toHaveText('5')
  await expectAccessible(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, testInfo, 'admin-summary')
  }

  // Rooms: tick one, archive it.
  await nav.getByRole('link', { name: text('admin:nav.rooms'), exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('admin:rooms.title') })).toBeVisible()
  const garden = community.slug.replace('admin-e2e-', '')
  await page.getByRole('checkbox', { name: text('admin:rooms.select', { name: `Garden ${garden}` }) }).check()
  await page.getByLabel(text('admin:rooms.batch.status')).selectOption('archived')
  await expectAccessible(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, testInfo, 'admin-rooms')
  }
  await page.getByRole('button', { name: text('admin:rooms.batch.apply') }).click()
  await expect(page.getByText(text('admin:flash.saved'))).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: `Garden ${garden}` })
  await expect(row.getByRole('cell', { name: text('admin:roomStatus.archived'), exact: true })).toBeVisible()

  // The hub cannot be archived: a clear message, nothing changed.
  await page.getByRole('checkbox', { name: text('admin:rooms.select', { name: `${community.name} Hub` }) }).check()
  await page.getByLabel(text('admin:rooms.batch.status')).selectOption('archived')
  await page.getByRole('button', { name: text('admin:rooms.batch.apply') }).click()
  await expect(page.getByRole('alert').filter({ hasText: text('admin:errors.protectedRoom') })).toBeVisible()
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `${community.name} Hub` })
      .getByRole('cell', { name: text('admin:roomStatus.active'), exact: true }),
  ).toBeVisible()
})

test('the users, directory and product config pages (a super user)', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  const community = await makeAdminCommunity(`${testInfo.project.name}-p-${randomBytes(3).toString('hex')}`)
  await User.update({ isSuperUser: true }, { where: { emailAddress: community.admin.emailAddress } })
  await signInWithSession(page, community.admin.emailAddress)

  await page.goto(`/${community.slug}/admin/users`)
  await expect(page.getByRole('link', { name: community.member.name })).toHaveAttribute(
    'href',
    new RegExp(`^/${community.slug}/members/`),
  )
  await expectAccessible(page)
  await screenshot(page, testInfo, 'admin-users')

  await page.goto(`/${community.slug}/admin/directory`)
  const kitchen = page.getByRole('form', { name: `Kitchen ${community.slug.replace('admin-e2e-', '')}` })
  await kitchen.getByLabel(text('admin:directory.visibility')).selectOption('members')
  await kitchen.getByLabel(text('admin:directory.pinned')).check()
  await kitchen.getByRole('button').click()
  await expect(page.getByText(text('admin:flash.saved'))).toBeVisible()
  await expect(kitchen.getByLabel(text('admin:directory.pinned'))).toBeChecked()
  await expectAccessible(page)
  await screenshot(page, testInfo, 'admin-directory')

  // The review queue: a pending room, approved from the queue.
  const tag = community.slug.replace('admin-e2e-', '')
  await Room.update({ status: 'pending' }, { where: { slug: 'library', name: `Library ${tag}` } })
  await page.goto(`/${community.slug}/admin/rooms`)
  await page.getByRole('link', { name: text('admin:rooms.tabs.queue', { count: 1 }) }).click()
  const waiting = page.getByRole('listitem').filter({ hasText: `Library ${tag}` })
  await expectAccessible(page)
  await screenshot(page, testInfo, 'admin-queue')
  await waiting.getByRole('button', { name: text('admin:rooms.queue.approve') }).click()
  await expect(page.getByText(text('admin:flash.saved'))).toBeVisible()
  await expect(page.getByText(text('admin:rooms.queue.empty'))).toBeVisible()
  expect(await Room.findAll({ where: { name: `Library ${tag}` }, attributes: ['status'], raw: true })).toEqual([
    { status: 'active' },
  ])

  // The product config: a bad threshold is refused with its message and the typed value kept.
  await page.goto(`/${community.slug}/admin/product`)
  await page.getByLabel(text('admin:product.postToxicityThreshold')).fill('150')
  await page.getByRole('button', { name: text('admin:product.save') }).click()
  await expect(page.getByText(text('admin:errors.thresholdInvalid'))).toBeVisible()
  await expect(page.getByLabel(text('admin:product.postToxicityThreshold'))).toHaveValue('150')
  await expectAccessible(page)
  await screenshot(page, testInfo, 'admin-product')
})

test('a member is refused the admin panel', async ({ page }, testInfo) => {
  const community = await makeAdminCommunity(`${testInfo.project.name}-m-${randomBytes(3).toString('hex')}`)
  await signInWithSession(page, community.member.emailAddress)
  await page.goto(`/${community.slug}`)
  const menu = await openAccountMenu(page)
  await expect(menu.getByRole('link', { name: text('common:accountMenu.manageCommunity') })).toHaveCount(0)
  await page.goto(`/${community.slug}/admin/rooms`)
  await expect(page).toHaveURL(new RegExp(`/${community.slug}/access-denied\\?`))
  await expect(
    page.getByRole('heading', { level: 1, name: text('pages:accessPages.accessDenied.title') }),
  ).toBeVisible()
})
