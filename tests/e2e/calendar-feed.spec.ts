// /me/calendar, with and without JavaScript: a member registered for an event makes their calendar
// address, which a client with no cookie (a calendar app) reads to find the event; a new address
// replaces it (the old one answers 404 at once); turning it off stops the new one too. The events page
// leads to the same page.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { CommunityEvent, EventRegistration, Room } from '#models/index'
import { newId } from '#models/ids'
import { addPerson, expectAccessible, makeCommunity, screenshots, signInWithSession, t } from './support'

const a = (key: string, values: Record<string, string | number> = {}) => t('en', `account:${key}`, values)
const DAY = 24 * 3600 * 1000

test('a member subscribes to their events, renews the address, and turns it off', async ({
  page,
  playwright,
}, testInfo) => {
  const tag = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `calendar-${tag}`
  const brandId = await makeCommunity(slug, `Calendar ${tag}`)
  const emailAddress = `cal-${tag}@calendar.example`
  const userId = await addPerson(brandId, { name: `Cal ${tag}`, emailAddress })
  // An event Cal holds an approved place at (a member of its room, as registering makes them).
  const eventName = `Garden café ${tag}`
  const roomId = newId()
  await Room.create({
    id: roomId,
    brandId,
    slug: `garden-${tag}`,
    name: eventName,
    context: 'event',
    type: 'meeting',
    roomType: 'public',
    members: [userId],
    startsAt: new Date(Date.now() + 3 * DAY),
    endsAt: new Date(Date.now() + 3 * DAY + 2 * 3600 * 1000),
    timeZone: 'UTC',
  })
  await CommunityEvent.create({ roomId })
  await EventRegistration.create({ roomId, userId, status: 'approved' })
  await signInWithSession(page, emailAddress)

  // From the events page, then from Me.
  await page.goto(`/${slug}/events`)
  await expect(page.getByRole('link', { name: t('en', 'events:calendar.personal') })).toHaveAttribute(
    'href',
    '/me/calendar',
  )
  await screenshots(page, testInfo, 'calendar-feed-events-page')
  await page.goto('/me')
  await page.getByRole('link', { name: a('calendar.meLink') }).click()
  await expect(page.getByRole('heading', { level: 1, name: a('calendar.title') })).toBeVisible()
  await expect(page.getByText(a('calendar.none'))).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'calendar-feed-none')

  const shownAddress = async () => {
    const shown = page.getByRole('status').filter({ hasText: a('calendar.madeTitle') })
    await expect(shown).toBeVisible()
    return shown.getByRole('textbox').inputValue()
  }
  await page.getByRole('button', { name: a('calendar.make') }).click()
  const first = await shownAddress()
  expect(first).toMatch(/\/me\/calendar\/hcal_[A-Za-z0-9_-]{32}\.ics$/)
  await expect(page.getByRole('link', { name: a('calendar.openInApp') })).toHaveAttribute('href', /^webcal:\/\//)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'calendar-feed-made')

  // A calendar app: no cookie, only the address.
  const client = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const read = (url: string) => client.get(new URL(url).pathname)
  const answer = await read(first)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(answer.headers()['cache-control']).toBe('private, max-age=300')
  const text = await answer.text()
  expect(text).toContain('BEGIN:VCALENDAR')
  expect(text).toContain(`SUMMARY:${eventName}`)
  expect(text).toContain(`/${slug}/events/garden-${tag}`)

  // The page now shows the address's beginning, never the whole of it.
  await page.goto('/me/calendar')
  await expect(page.getByText(first)).toHaveCount(0)
  await expect(page.locator('code')).toContainText(new URL(first).pathname.slice(0, '/me/calendar/hcal_'.length + 6))
  await screenshots(page, testInfo, 'calendar-feed-current')

  // A new address: the old one stops working at once.
  await page.getByRole('button', { name: a('calendar.renew') }).click()
  const second = await shownAddress()
  expect(second).not.toBe(first)
  expect((await read(first)).status()).toBe(404)
  expect((await read(second)).status()).toBe(200)

  await page.getByRole('button', { name: a('calendar.turnOff') }).click()
  await expect(page.getByText(a('calendar.turnedOff'))).toBeVisible()
  await expect(page.getByText(a('calendar.none'))).toBeVisible()
  const gone = await read(second)
  expect(gone.status()).toBe(404)
  expect(await gone.text()).toBe('Not found')
  await client.dispose()
})
