// The meeting through the real media edge (started next to the web server by start-server.mjs):
// three Chromium pages with fake cameras and microphones see and hear each other, a screen share
// puts the others in presenter mode, the host mutes one and removes another. JavaScript project only
// (the meeting runs in the browser); meeting.no-js.spec.ts covers the page without it.
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  DEMO,
  MEDIA_LAUNCH_OPTIONS,
  collectErrors,
  expectAccessible,
  screenshot,
  signInWithSession,
  t,
} from './support'

/** English meeting text: `m('home.join')` is t('en', 'meeting:home.join'). */
const m = (key: string, values: Record<string, string> = {}) => t('en', `meeting:${key}`, values)

const ROOM = `/${DEMO.slug}/hub`
const [OWNER, , MIA, NOAH] = DEMO.accounts

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

/** Decoded frames of each remote video of a source on the page, by peer id. */
function remoteFrames(page: Page, source: 'webcam' | 'screen') {
  return page.evaluate((source) => {
    const videos = [...document.querySelectorAll<HTMLVideoElement>(`video[data-peer-id][data-source="${source}"]`)]
    return videos.map((video) => video.getVideoPlaybackQuality().totalVideoFrames)
  }, source)
}

/** How many remote microphones the page plays with sound arriving (a remote track unmutes when its RTP flows). */
function remoteVoices(page: Page) {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLAudioElement>('audio[data-peer-id]')].filter((audio) => {
        const track = (audio.srcObject as MediaStream | null)?.getAudioTracks()[0]
        return track?.readyState === 'live' && !track.muted && !audio.paused
      }).length,
  )
}

async function joinMeeting(page: Page) {
  await page.getByRole('button', { name: m('home.join'), exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: m('mirror.title') })).toBeVisible()
  await expect(page.getByLabel(m('mirror.preview'))).toBeVisible()
  await page.getByRole('button', { name: m('mirror.join') }).click()
  // Entering is timed by the join bench; here, with other media specs running alongside on two cores, it only has to happen.
  await expect(page.getByRole('toolbar', { name: m('controls.toolbar') })).toBeVisible({ timeout: 15_000 })
}

async function participant(
  browser: Browser,
  account: { emailAddress: string },
  viewport = { width: 1280, height: 720 },
) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const errors = collectErrors(page)
  await signInWithSession(page, account.emailAddress)
  await page.goto(ROOM)
  return { page, errors, close: () => context.close() }
}

test.describe('meeting', () => {
  test.describe.configure({ timeout: 180_000 })

  test('three people see each other, share a screen, and the host mutes and removes', async ({ browser }, testInfo) => {
    const owner = await participant(browser, OWNER)
    const mia = await participant(browser, MIA)
    // Noah is on a phone: 360 px wide, where the default view is the primary speaker.
    const noah = await participant(browser, NOAH, { width: 360, height: 740 })
    const everyone = [owner, mia, noah]
    try {
      await expect(owner.page.getByRole('heading', { level: 1, name: DEMO.hubName })).toBeVisible()
      await expect(owner.page.getByText(m('home.hostedBy', { name: OWNER.name }))).toBeVisible()
      await expectAccessible(owner.page)
      for (const person of everyone) await joinMeeting(person.page)

      // Each page decodes the other two cameras and plays the other two microphones through the edge.
      for (const { page } of everyone) {
        await expect
          .poll(async () => (await remoteFrames(page, 'webcam')).filter((frames) => frames > 0).length, {
            timeout: 30_000,
          })
          .toBe(2)
        await expect.poll(() => remoteVoices(page), { timeout: 15_000 }).toBe(2)
      }
      await expect(owner.page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'tiles')
      await expect(noah.page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'primarySpeaker')
      await screenshot(owner.page, testInfo, 'meeting-tiles')
      await screenshot(noah.page, testInfo, 'meeting-primary-speaker')

      // Mia shares her screen: the others switch to presenter mode and decode it.
      await mia.page.getByRole('button', { name: m('controls.shareScreen') }).click()
      for (const { page } of [owner, noah]) {
        // The share reaches the others once the browser has captured the screen and the edge made the producer:
        // seconds on two busy cores.
        await expect(page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'presenter', {
          timeout: 20_000,
        })
        await expect
          .poll(async () => (await remoteFrames(page, 'screen')).some((frames) => frames > 0), { timeout: 30_000 })
          .toBe(true)
      }
      await expect(mia.page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'presenter')
      await screenshot(owner.page, testInfo, 'meeting-presenter')
      await screenshot(noah.page, testInfo, 'meeting-presenter')
      // When the share ends, everyone is back in the mode they had before.
      await mia.page.getByRole('button', { name: m('controls.stopShare') }).click()
      for (const { page } of [owner, mia])
        await expect(page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'tiles')
      await expect(noah.page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'primarySpeaker')

      // Only the host sees the kick and mute buttons.
      await expect(mia.page.getByRole('button', { name: m('peer.mute', { name: NOAH.name }) })).toHaveCount(0)
      await expect(mia.page.getByRole('button', { name: m('peer.kick', { name: NOAH.name }) })).toHaveCount(0)

      // The host mutes Noah: his page shows his microphone muted.
      await owner.page.getByRole('button', { name: m('peer.mute', { name: NOAH.name }) }).click()
      await expect(noah.page.getByRole('button', { name: m('controls.unmuteMic') })).toBeVisible()
      await expect(noah.page.getByText(m('notices.mutedByHost'))).toBeVisible()
      await expect(
        owner.page.locator(`.meeting-tile[aria-label="${NOAH.name}"]`).getByRole('img', { name: m('peer.muted') }),
      ).toBeVisible()

      // The host removes Mia: she is told, then lands on the kicked page; the others see her go.
      await owner.page.getByRole('button', { name: m('peer.kick', { name: MIA.name }) }).click()
      await owner.page
        .getByRole('dialog')
        .getByRole('button', { name: m('peer.kick', { name: MIA.name }) })
        .click()
      await expect(mia.page.getByText(m('notices.kicked'))).toBeVisible()
      await expect(mia.page).toHaveURL('/kicked', { timeout: 15_000 })
      for (const { page } of [owner, noah]) {
        await expect.poll(async () => (await remoteFrames(page, 'webcam')).length, { timeout: 15_000 }).toBe(1)
      }

      // Leaving asks first, then ends on the room's thank-you page.
      await noah.page.getByRole('button', { name: m('controls.leave'), exact: true }).click()
      await noah.page
        .getByRole('dialog')
        .getByRole('button', { name: m('leave.confirm') })
        .click()
      await expect(noah.page).toHaveURL(`/hub/thank-you?community=${DEMO.slug}`)

      for (const { errors } of everyone) expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      for (const person of everyone) await person.close()
    }
  })

  test('the room page at 360 px: the home view and the device check fit', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(ROOM)
    await expect(page.getByRole('heading', { level: 1, name: DEMO.hubName })).toBeVisible()
    await screenshot(page, testInfo, 'meeting-home')
    await page.getByRole('button', { name: m('home.join'), exact: true }).click()
    await expect(page.getByLabel(m('mirror.preview'))).toBeVisible()
    // A guest gets the spec's default display name.
    await expect(page.getByLabel(m('mirror.name'))).toHaveValue('Guest')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(page, testInfo, 'meeting-mirror-check')
    await expectAccessible(page)
  })
})
