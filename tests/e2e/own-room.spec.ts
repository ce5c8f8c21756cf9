// A host runs their own room without an admin (docs/user-guide.md#your-rooms), with and without
// JavaScript: /me/settings lists each room they host at its real address; its settings page turns
// the waiting room, the lock and the breakout preview on, refuses a bad end page and preview time with the
// typed values kept, and changes the link only after the host confirms what that does; the host profile shows who
// runs the room. What the door does is the waiting room's spec (waiting-room.js.spec.ts, which turns it on through
// this page).
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { Room } from '#models/index'
import { makeUser } from '../support/factories'
import { claimRoom, expectAccessible, screenshots, signInWithSession, t } from './support'

const a = (key: string, values: Record<string, string | number> = {}) => t('en', `account:${key}`, values)

test('a host finds their room in settings, sets its door and lock, and moves its link', async ({ page }, testInfo) => {
  const run = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const emailAddress = `door-${run}@door.example`
  await makeUser({ name: 'Dora Door', emailAddress, verified: true })
  await signInWithSession(page, emailAddress)

  // Without a room of one's own there is nothing to list.
  await page.goto('/me/settings')
  await expect(page.getByRole('heading', { name: a('rooms.listHeading') })).toHaveCount(0)

  const slug = `door-${run}`
  await claimRoom(page, slug)
  await page.goto('/me/settings')
  const list = page.getByRole('region', { name: a('rooms.listHeading') })
  await expect(list.getByRole('link', { name: `/me/${slug}` })).toBeVisible()
  await list.getByRole('link', { name: a('rooms.settings') }).click()
  await expect(page).toHaveURL(`/me/rooms/me/${slug}`)
  await expect(page.getByRole('heading', { level: 1, name: a('rooms.title') })).toBeVisible()
  await expectAccessible(page)

  // A bad end page comes back with the reason and what was typed; nothing is saved.
  const c = (key: string) => t('en', `common:breakoutPreview.${key}`)
  await page.getByLabel(a('rooms.fields.redirectOnEndUrl')).fill('javascript:alert(1)')
  await page.getByLabel(a('settings.room.waitingRoom')).check()
  await page.getByLabel(c('label')).check()
  await page.getByLabel(c('seconds')).fill('99')
  await page.getByRole('button', { name: a('settings.room.save') }).click()
  await expect(page.getByText(a('rooms.errors.urlInvalid'))).toBeVisible()
  await expect(page.getByText(c('secondsInvalid'))).toBeVisible()
  await expect(page.getByLabel(a('rooms.fields.redirectOnEndUrl'))).toHaveValue('javascript:alert(1)')
  await expect(page.getByLabel(c('seconds'))).toHaveValue('99')
  expect(await Room.findAll({ where: { slug }, attributes: ['waitingRoom'], raw: true })).toEqual([{ waitingRoom: 0 }])

  await page.getByLabel(a('rooms.fields.redirectOnEndUrl')).fill('https://door.example/bye')
  await page.getByLabel(a('settings.room.waitingRoom')).check()
  await page.getByLabel(a('rooms.fields.locked')).check()
  await page.getByLabel(c('label')).check()
  await page.getByLabel(c('seconds')).fill('20')
  await page.getByRole('button', { name: a('settings.room.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: a('settings.saved') })).toBeVisible()
  await expect(page.getByLabel(a('settings.room.waitingRoom'))).toBeChecked()
  await expect(page.getByLabel(a('rooms.fields.locked'))).toBeChecked()
  await expect(page.getByLabel(c('seconds'))).toHaveValue('20')
  expect(
    await Room.findAll({
      where: { slug },
      attributes: ['waitingRoom', 'locked', 'redirectOnEndUrl', 'breakoutPreview', 'breakoutPreviewTimer'],
      raw: true,
    }),
  ).toEqual([
    {
      waitingRoom: 1,
      locked: 1,
      redirectOnEndUrl: 'https://door.example/bye',
      breakoutPreview: 1,
      breakoutPreviewTimer: 20,
    },
  ])
  await screenshots(page, testInfo, 'own-room')

  // The host profile that visitors see (the account is verified), from the person's own profile.
  await page.getByRole('link', { name: a('hostProfile.profileLink') }).click()
  await expect(page).toHaveURL(`/${slug}/host?community=me`)
  await expect(
    page.getByRole('heading', { level: 1, name: a('hostProfile.title', { name: 'Dora Door' }) }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: a('hostProfile.join', { room: 'Dora Door' }) })).toHaveAttribute(
    'href',
    `/me/${slug}`,
  )
  await expectAccessible(page)
  await screenshots(page, testInfo, 'host-profile')
  await page.goBack()

  // A new link: first what it does, then the host confirms.
  const moved = `${slug}-new`
  await page.getByLabel(a('rooms.fields.roomLink')).fill(moved)
  await page.getByRole('button', { name: a('settings.room.save') }).click()
  await expect(page.getByText(t('en', 'members:roomLink.confirm.warning')).first()).toBeVisible()
  expect(await Room.count({ where: { slug: moved } })).toBe(0)
  await page.getByRole('button', { name: t('en', 'members:roomLink.confirm.button', { to: `/me/${moved}` }) }).click()
  await expect(page).toHaveURL(`/me/rooms/me/${moved}`)
  await expect(page.getByRole('link', { name: `/me/${moved}` })).toBeVisible()
  expect(await Room.count({ where: { slug: moved } })).toBe(1)
})
