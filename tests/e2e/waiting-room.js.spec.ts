// The waiting room with three browsers: a host whose room has its waiting room on,
// and two members who call. The host lets one in (who enters by themselves) and declines the
// other with a message; neither a reload nor a fresh pass gets the declined one past the door,
// and the one let in comes straight back in after a reload. The first call rings while the host is
// away: the host's mail (the run's SMTP server) brings a link to the room.
// JavaScript only (the meeting runs in the browser); everyone signs in with a session row.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { Room, RoomCall } from '#models/index'
import { claimRoom, mailsTo, MEDIA_LAUNCH_OPTIONS, personInBrowser, screenshots, t } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)
const a = (key: string) => t('en', `account:${key}`)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

const signedIn = (browser: Browser, name: string) =>
  personInBrowser(browser, { name, emailAddress: `${name.toLowerCase()}-${run}@waiting.example` })

const toolbar = (page: Page) => page.getByRole('toolbar', { name: m('controls.toolbar') })

/** The host claims a personal room and, when asked, turns its waiting room on in its settings; returns its path. */
async function hostsRoom(host: Page, slug: string, { waitingRoom }: { waitingRoom: boolean }) {
  await claimRoom(host, slug)
  if (waitingRoom) {
    await host.goto(`/me/rooms/me/${slug}`)
    await host.getByLabel(a('settings.room.waitingRoom')).check()
    await host.getByRole('button', { name: a('settings.room.save') }).click()
    await expect(host.getByText(a('settings.saved'))).toBeVisible()
  }
  return `/me/${slug}`
}

/** Into the meeting from the room's page: Join, then Join at the device check. */
async function enterMeeting(page: Page) {
  await page.getByRole('button', { name: m('home.join'), exact: true }).click()
  await page.getByRole('button', { name: m('mirror.join') }).click()
  await expect(toolbar(page)).toBeVisible({ timeout: 30_000 })
}

/** A newcomer at the door: Join leads to the waiting room, not the meeting. */
async function arriveAtWaitingRoom(page: Page, room: string) {
  await page.goto(room)
  await page.getByRole('button', { name: m('home.join'), exact: true }).click()
  await expect(page.getByText(m('waitingRoom.lead'))).toBeVisible({ timeout: 30_000 })
  await expect(toolbar(page)).toHaveCount(0)
}

test.describe('the waiting room', () => {
  test.describe.configure({ timeout: 240_000 })

  test('the host answers one caller and declines the other with a message; the door holds after a reload', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Hilda')
    const admitted = await signedIn(browser, 'Ada')
    const declined = await signedIn(browser, 'Dora')
    try {
      const slug = `hilda-${run}`
      const room = await hostsRoom(host.page, slug, { waitingRoom: true })

      // The host is away: the first call brings them a mail with a link to the room.
      await arriveAtWaitingRoom(admitted.page, room)
      await admitted.page.getByRole('button', { name: m('waitingRoom.call') }).click()
      await expect(admitted.page.getByRole('status').filter({ hasText: m('waitingRoom.calling') })).toBeVisible()
      await screenshots(admitted.page, testInfo, 'waiting-room-calling')
      await expect
        .poll(() => mailsTo(host.emailAddress).map((mail) => mail.subject), { timeout: 15_000 })
        .toContain(`${admitted.name} is calling you in ${host.name}`)
      const notice = mailsTo(host.emailAddress).find((mail) => mail.subject.startsWith(admitted.name))!
      expect(notice.text).toContain(`${admitted.name} is waiting in ${host.name} and calling you. Visit your room`)
      expect(notice.text).toMatch(/\/ml\/[A-Za-z0-9_-]{36}/)

      await host.page.goto(room)
      await enterMeeting(host.page)

      await arriveAtWaitingRoom(declined.page, room)
      await declined.page.getByRole('button', { name: m('waitingRoom.call') }).click()
      await expect(declined.page.getByRole('button', { name: m('waitingRoom.cancel') })).toBeVisible()
      // The host is here now: nobody mails them about this one.

      const callers = host.page.getByRole('complementary', { name: m('waitingRoom.waiting_other', { count: 2 }) })
      await expect(callers).toBeVisible({ timeout: 15_000 })
      await expect(callers.getByRole('listitem')).toHaveCount(2)
      await screenshots(host.page, testInfo, 'waiting-room-callers')

      await callers.getByLabel(m('waitingRoom.message', { name: declined.name })).fill('Sorry, we are full today.')
      await callers.getByRole('button', { name: m('waitingRoom.declineFor', { name: declined.name }) }).click()
      await expect(
        declined.page.getByText(m('waitingRoom.declinedWith', { message: 'Sorry, we are full today.' })),
      ).toBeVisible({ timeout: 15_000 })
      await screenshots(declined.page, testInfo, 'waiting-room-declined')

      const oneLeft = host.page.getByRole('complementary', { name: m('waitingRoom.waiting_one', { count: 1 }) })
      await oneLeft.getByRole('button', { name: m('waitingRoom.answerFor', { name: admitted.name }) }).click()
      await expect(oneLeft).toHaveCount(0)
      // Let in: the meeting opens by itself, and the host sees the newcomer's tile.
      await expect(toolbar(admitted.page)).toBeVisible({ timeout: 30_000 })
      await expect(host.page.locator(`.meeting-tile[aria-label="${admitted.name}"]`)).toBeVisible({ timeout: 30_000 })

      // The declined one reloads (a fresh pass): still at the door.
      await declined.page.reload()
      await arriveAtWaitingRoom(declined.page, room)
      await expect(host.page.locator(`.meeting-tile[aria-label="${declined.name}"]`)).toHaveCount(0)

      // The one let in reloads: straight back into the meeting, no waiting.
      await admitted.page.reload()
      await enterMeeting(admitted.page)
      await expect(admitted.page.getByText(m('waitingRoom.lead'))).toHaveCount(0)

      const calls = await RoomCall.findAll({
        include: [{ model: Room, as: 'room', where: { slug }, attributes: [] }],
        attributes: ['callerName', 'status', 'message'],
        order: [['callerName', 'ASC']],
        raw: true,
      })
      expect(calls).toEqual([
        { callerName: admitted.name, status: 'answered', message: null },
        { callerName: declined.name, status: 'declined', message: 'Sorry, we are full today.' },
      ])
      expect(mailsTo(host.emailAddress).filter((mail) => mail.subject.startsWith(declined.name))).toEqual([])
      for (const { errors } of [host, admitted, declined])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await admitted.close()
      await declined.close()
    }
  })
  test('the host locks the room in the meeting: a newcomer is told so, and comes in once it is open again', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Lorna')
    const newcomer = await signedIn(browser, 'Luke')
    try {
      const slug = `lorna-${run}`
      const room = await hostsRoom(host.page, slug, { waitingRoom: false })
      await host.page.goto(room)
      await enterMeeting(host.page)

      const door = async (label: string) => {
        await host.page.getByText(m('controls.more'), { exact: true }).click()
        await host.page.getByRole('button', { name: label }).click()
      }
      await door(m('door.lock'))
      await expect(host.page.getByText(m('door.lockedMark'), { exact: true })).toBeVisible({ timeout: 15_000 })
      expect((await Room.findOne({ where: { slug }, rejectOnEmpty: true })).locked).toBe(true)
      await screenshots(host.page, testInfo, 'room-locked-host')

      await newcomer.page.goto(room)
      await newcomer.page.getByRole('button', { name: m('home.join'), exact: true }).click()
      await expect(newcomer.page.getByText(m('home.joinFailed', { reason: m('door.locked') }))).toBeVisible({
        timeout: 30_000,
      })
      await expect(toolbar(newcomer.page)).toHaveCount(0)
      await screenshots(newcomer.page, testInfo, 'room-locked-newcomer')

      await door(m('door.unlock'))
      await expect(host.page.getByText(m('door.lockedMark'), { exact: true })).toHaveCount(0, { timeout: 15_000 })
      await newcomer.page.reload()
      await enterMeeting(newcomer.page)
    } finally {
      await host.close()
      await newcomer.close()
    }
  })
  test('a guest gives a name before calling, and has camera and microphone off until let in', async ({ browser }) => {
    const host = await signedIn(browser, 'Gwen')
    const context = await browser.newContext()
    // Every track the page opens, to tell whether the camera and microphone are on.
    await context.addInitScript(() => {
      const tracks: MediaStreamTrack[] = []
      Object.assign(window, { openTracks: () => tracks.filter((track) => track.readyState === 'live').length })
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices)
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await open(constraints)
        tracks.push(...stream.getTracks())
        return stream
      }
    })
    const guest = await context.newPage()
    const liveTracks = () => guest.evaluate(() => (window as unknown as { openTracks: () => number }).openTracks())
    try {
      const room = await hostsRoom(host.page, `gwen-${run}`, { waitingRoom: true })
      await host.page.goto(room)
      await enterMeeting(host.page)

      await arriveAtWaitingRoom(guest, room)
      await expect.poll(liveTracks, { timeout: 10_000 }).toBe(0)
      const call = guest.getByRole('button', { name: m('waitingRoom.call') })
      await expect(call).toBeDisabled()
      await guest.getByLabel(m('mirror.name')).fill('  Greta Guest ')
      await call.click()

      const callers = host.page.getByRole('complementary', { name: m('waitingRoom.waiting_one', { count: 1 }) })
      await callers.getByRole('button', { name: m('waitingRoom.answerFor', { name: 'Greta Guest' }) }).click()
      await expect(toolbar(guest)).toBeVisible({ timeout: 30_000 })
      await expect.poll(liveTracks, { timeout: 10_000 }).toBeGreaterThan(0)
      await expect(host.page.locator('.meeting-tile[aria-label="Greta Guest"]')).toBeVisible({ timeout: 30_000 })
    } finally {
      await host.close()
      await context.close()
    }
  })
})
