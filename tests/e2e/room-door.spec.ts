// My room's waiting room: a host turns it on and off in their settings, with and
// without JavaScript, and the page keeps what was saved. What it does at the door is the waiting
// room's spec (waiting-room.js.spec.ts, which turns it on through this form).
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { Room } from '#models/index'
import { makeUser } from '../support/factories'
import { claimRoom, screenshots, signInWithSession, t } from './support'

const a = (key: string, values: Record<string, string | number> = {}) => t('en', `account:${key}`, values)

test('a host turns their room’s waiting room on and off in their settings', async ({ page }, testInfo) => {
  const run = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const emailAddress = `door-${run}@door.example`
  await makeUser({ name: 'Dora Door', emailAddress, verified: true })
  await signInWithSession(page, emailAddress)

  // Without a room of one's own there is nothing to set.
  await page.goto('/me/settings')
  await expect(page.getByRole('heading', { name: a('settings.room.heading') })).toHaveCount(0)

  const slug = `door-${run}`
  await claimRoom(page, slug)

  await page.goto('/me/settings')
  const section = page.getByRole('region', { name: a('settings.room.heading') })
  await expect(section.getByText(a('settings.room.intro', { path: `/me/${slug}` }))).toBeVisible()
  const box = section.getByLabel(a('settings.room.waitingRoom'))
  await expect(box).not.toBeChecked()
  await box.check()
  await section.getByRole('button', { name: a('settings.room.save') }).click()
  await expect(page.getByText(a('settings.saved'))).toBeVisible()
  await expect(section.getByLabel(a('settings.room.waitingRoom'))).toBeChecked()
  expect(await Room.findAll({ where: { slug }, attributes: ['waitingRoom'], raw: true })).toEqual([{ waitingRoom: 1 }])
  await screenshots(page, testInfo, 'settings-room-door')

  await section.getByLabel(a('settings.room.waitingRoom')).uncheck()
  await section.getByRole('button', { name: a('settings.room.save') }).click()
  // With JavaScript the first save's notice is still on the page while the second one is on its
  // way, so the row is what tells that this save went through.
  await expect
    .poll(() => Room.findAll({ where: { slug }, attributes: ['waitingRoom'], raw: true }))
    .toEqual([{ waitingRoom: 0 }])
  await expect(page.getByText(a('settings.saved'))).toBeVisible()
  await page.reload()
  await expect(section.getByLabel(a('settings.room.waitingRoom'))).not.toBeChecked()
})
