// The event slot timer: the host of an event room starts it (before its scheduled
// time, so after the early-start warning); host and participant both see the slot and its time
// left, then the 5 s countdown to the next slot, which starts by itself; the host moves on at once
// and ends the event, both seeing the 5 s countdown to the end. JavaScript only (the meeting runs
// in the browser); both sign in with a session row.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { CommunityEvent, EventSlot } from '#models/index'
import { makeEventRoom } from '../support/factories'
import { addPerson, joinMeeting, makeCommunity, MEDIA_LAUNCH_OPTIONS, personInBrowser, screenshots, t } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:eventSlots.${key}`, values)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

/** A community with an event room run by its host: three slots, the first 4 seconds long. */
async function eventRoom() {
  const slug = `slots-${run}`
  const brandId = await makeCommunity(slug, `Slots ${run}`)
  const hostId = await addPerson(brandId, { name: 'Hilda Host', emailAddress: `hilda-${run}@slots.example` })
  await addPerson(brandId, { name: 'Pablo Peer', emailAddress: `pablo-${run}@slots.example` })
  const room = `workshop-${run}`
  // Scheduled an hour from now: starting it now warns that participants may miss minutes.
  const startsAt = new Date(Date.now() + 60 * 60 * 1000)
  const { id: roomId } = await makeEventRoom(
    { id: brandId },
    {
      slug: room,
      name: 'Workshop',
      hostId,
      roomType: 'public',
      status: 'active',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      timeZone: 'UTC',
    },
  )
  await CommunityEvent.create({ roomId, eventType: 'scripted' })
  for (const [position, name, minutes, seconds] of [
    [0, 'Welcome', 0, 4],
    [1, 'Lightning talks', 10, 0],
    [2, 'Wrap-up', 5, 0],
  ] as const) {
    await EventSlot.create({ roomId, position, name, minutes, seconds, breakoutRecordAudio: false })
  }
  return `/${slug}/${room}`
}

const signedIn = (browser: Browser, emailAddress: string) =>
  personInBrowser(browser, { name: emailAddress, emailAddress })

const bar = (page: Page) => page.getByRole('complementary', { name: m('title') })

test.describe('event slots', () => {
  test.describe.configure({ timeout: 180_000 })

  test('the host starts the event, both see the slot and the countdown, the host moves on and ends it', async ({
    browser,
  }, testInfo) => {
    const room = await eventRoom()
    const host = await signedIn(browser, `hilda-${run}@slots.example`)
    const peer = await signedIn(browser, `pablo-${run}@slots.example`)
    try {
      await joinMeeting(host.page, room)
      await joinMeeting(peer.page, room)
      // Before the start only those who run it see the event's bar.
      await expect(bar(host.page).getByText(m('notStarted'))).toBeVisible()
      await expect(bar(peer.page)).toHaveCount(0)
      await expect(bar(host.page).getByRole('button', { name: m('pause') })).toHaveCount(0)

      await bar(host.page)
        .getByRole('button', { name: m('start') })
        .click()
      const warning = host.page.getByRole('dialog', { name: m('earlyTitle') })
      await expect(warning).toContainText('participants may miss minutes')
      await warning.getByRole('button', { name: m('startAnyway') }).click()

      for (const page of [host.page, peer.page]) {
        await expect(bar(page).getByText(m('slotOf', { number: 1, count: 3, name: 'Welcome' }))).toBeVisible({
          timeout: 10_000,
        })
      }
      // The participant sees the time, not the controls.
      await expect(bar(peer.page).getByTestId('event-slot-time')).toHaveText(/left/)
      await expect(bar(peer.page).getByRole('group', { name: m('controls') })).toHaveCount(0)

      // After the slot's 4 s: everyone sees the 5 s countdown, then the next slot starts by itself.
      for (const page of [host.page, peer.page])
        await expect(bar(page).getByRole('status')).toHaveText(/Next item in [1-5] s/, { timeout: 10_000 })
      await screenshots(peer.page, testInfo, 'event-slots-countdown')
      for (const page of [host.page, peer.page]) {
        await expect(bar(page).getByText(m('slotOf', { number: 2, count: 3, name: 'Lightning talks' }))).toBeVisible({
          timeout: 10_000,
        })
      }
      await expect(bar(peer.page).getByTestId('event-slot-time')).toHaveText(/^(10:00|9:5\d) left$/)

      // The participant steps out of the talk timer; the host sees it among the talk times.
      // The box follows the edge's answer, so it is clicked, then found checked.
      await bar(peer.page).getByLabel(m('onlyWatching')).click()
      await expect(bar(peer.page).getByLabel(m('onlyWatching'))).toBeChecked()
      await bar(host.page).getByText(m('talkTime'), { exact: true }).click()
      await expect(bar(host.page).getByText(m('watchingList', { names: 'Pablo Peer' }))).toBeVisible({
        timeout: 10_000,
      })
      await screenshots(host.page, testInfo, 'event-slots-host')

      // Coming back while the event runs: the slot, the time left and the late-joiner message.
      await joinMeeting(peer.page, room)
      await expect(
        bar(peer.page).getByText(m('slotOf', { number: 2, count: 3, name: 'Lightning talks' })),
      ).toBeVisible()
      await expect(bar(peer.page).getByText(m('lateJoiner'))).toBeVisible()
      await expect(bar(peer.page).getByLabel(m('onlyWatching'))).toBeChecked()
      await screenshots(peer.page, testInfo, 'event-slots-late-joiner')
      await bar(peer.page)
        .getByRole('button', { name: m('dismiss') })
        .click()
      await expect(bar(peer.page).getByText(m('lateJoiner'))).toHaveCount(0)

      // The host moves on at once, then ends the event: 5 s everyone sees, then nothing.
      await bar(host.page)
        .getByRole('button', { name: m('next') })
        .click()
      await expect(bar(peer.page).getByText(m('slotOf', { number: 3, count: 3, name: 'Wrap-up' }))).toBeVisible({
        timeout: 10_000,
      })
      await expect(bar(peer.page).getByTestId('event-slot-time')).toHaveText(/^(5:00|4:5\d) left$/)
      await bar(host.page)
        .getByRole('button', { name: m('end'), exact: true })
        .click()
      await expect(bar(peer.page).getByRole('status')).toHaveText(/The event ends in [1-5] s/, { timeout: 10_000 })
      await expect(bar(peer.page)).toHaveCount(0, { timeout: 10_000 })
      await expect(bar(host.page).getByText(m('notStarted'))).toBeVisible()

      for (const { errors } of [host, peer])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await peer.close()
    }
  })
})
