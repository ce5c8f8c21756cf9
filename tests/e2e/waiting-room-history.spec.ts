// The sidebar's Call history, with and without JavaScript: a host sees the calls
// to their room (who called, how it ended) and the calls they made, filtered by links.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import type { CreationAttributes } from 'sequelize'
import { Room, RoomCall } from '#models/index'
import { newId } from '../../models/ids'
import {
  addPerson,
  copyRow,
  demoCommunity,
  expectAccessible,
  makeCommunity,
  screenshots,
  signInWithSession,
  t,
} from './support'

const c = (key: string, values: Record<string, string | number> = {}) => t('en', `community:calls.${key}`, values)

test('the call history lists the calls to my room and those I made, by filter', async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  // A community of this test's own, so the demo's member count stays what other specs expect.
  const community = `history-${tag}`
  const brandId = await makeCommunity(community, `History ${tag}`)
  const emailAddress = `hanna-${tag}@history.example`
  const hostId = await addPerson(brandId, { name: `Hanna ${tag}`, emailAddress })
  const demo = await demoCommunity()
  const roomOf = async (slug: string, fields: Partial<CreationAttributes<Room>>) => {
    const id = newId()
    await copyRow(Room, { slug: 'book-club', brandId: demo.id }, { id, brandId, slug, ...fields })
    return { id }
  }
  const room = await roomOf(`knock-${tag}`, { name: `Knock ${tag}`, hostId, waitingRoom: true })
  const other = await roomOf(`other-${tag}`, { name: `Other ${tag}` })
  const now = Date.now()
  const call = (
    roomId: string,
    roomHostId: string | null,
    callerId: string,
    callerName: string,
    status: RoomCall['status'],
    minutesAgo: number,
    message: string | null = null,
  ) => {
    const at = new Date(now - minutesAgo * 60_000)
    // silent: the call's own times, not the write's.
    return RoomCall.create(
      { brandId, roomId, callerId, callerName, hostId: roomHostId, status, message, createdAt: at, updatedAt: at },
      { silent: true },
    )
  }
  await call(room.id, hostId, 'guest:zed', 'Zed', 'missed', 5)
  await call(other.id, null, hostId, `Hanna ${tag}`, 'declined', 10, 'Full today')

  await signInWithSession(page, emailAddress)
  await page.goto(`/${community}/calls`)
  const history = page.locator('.call-history li')
  await expect(history).toHaveCount(2)
  await expect(history.nth(0)).toContainText(c('called', { name: 'Zed' }))
  await expect(history.nth(0)).toContainText(c('status.missed'))
  await expect(history.nth(1)).toContainText(c('youCalled'))
  await expect(history.nth(1)).toContainText('Full today')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'call-history')

  const filters = page.getByRole('navigation', { name: c('filters') })
  await filters.getByRole('link', { name: c('filter.missed') }).click()
  await expect(page).toHaveURL(/filter=missed/)
  await expect(history).toHaveCount(1)
  await expect(history.nth(0)).toContainText('Zed')
  await page
    .getByRole('navigation', { name: c('filters') })
    .getByRole('link', { name: c('filter.made') })
    .click()
  await expect(history).toHaveCount(1)
  await expect(history.nth(0)).toContainText(c('youCalled'))
})
