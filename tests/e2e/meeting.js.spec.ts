// The meeting through the real media edge (started next to the web server by start-server.mjs):
// three Chromium pages with fake cameras and microphones see and hear each other, a screen share
// puts the others in presenter mode, the host mutes one and removes another. JavaScript project only
// (the meeting runs in the browser); meeting.no-js.spec.ts covers the page without it.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  DEMO,
  claimRoom,
  joinMeeting as joinInto,
  personInBrowser,
  MEDIA_LAUNCH_OPTIONS,
  collectErrors,
  expectAccessible,
  screenshot,
  signInWithSession,
  t,
} from './support'
import { solidImage } from '../support/images'

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
  // The fake camera opens in Chromium's own time: seconds when other media specs share the cores.
  await expect(page.getByLabel(m('mirror.preview'))).toBeVisible({ timeout: 30_000 })
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

/**
 * Someone new in a meeting of their own room: a test beside the three people in the hub (the suite
 * runs in parallel) would otherwise put a second person in their meeting.
 */
async function aloneInRoomOfTheirOwn(browser: Browser, name: string) {
  const run = randomBytes(3).toString('hex')
  const person = await personInBrowser(browser, {
    name: `Solo ${name}`,
    emailAddress: `${name}-${run}@meeting.example`,
  })
  await joinInto(person.page, await claimRoom(person.page, `${name}-${run}`))
  return person
}

test.describe('meeting', () => {
  test.describe.configure({ timeout: 180_000 })

  test('three people see each other, share a screen, and the host stops it, mutes and removes', async ({
    browser,
  }, testInfo) => {
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
      // Only a host may stop someone else's share. The host stops Mia's: her page stops capturing and
      // says why, and everyone is back in the mode they had before.
      await expect(noah.page.getByRole('button', { name: m('peer.stopShare', { name: MIA.name }) })).toHaveCount(0)
      await owner.page.getByRole('button', { name: m('peer.stopShare', { name: MIA.name }) }).click()
      await expect(mia.page.getByText(m('notices.shareStoppedByHost'))).toBeVisible()
      await expect(mia.page.getByRole('button', { name: m('controls.shareScreen') })).toBeVisible()
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

  test('a lost connection says so in the meeting, and the meeting comes back with it', async ({ browser }) => {
    const person = await aloneInRoomOfTheirOwn(browser, 'lost')
    try {
      const banner = person.page.getByRole('status').filter({ hasText: m('connection.notConnected') })
      await person.page.context().setOffline(true)
      await expect(banner).toBeVisible({ timeout: 60_000 })
      await expect(banner).toContainText(m('connection.notConnectedMessage'))
      await person.page.context().setOffline(false)
      await expect(banner).toHaveCount(0, { timeout: 60_000 })
      // Back in the meeting, not sent to the connection error page: the rejoin enters again, which on a busy
      // machine takes a while.
      await expect(person.page.getByRole('toolbar', { name: m('controls.toolbar') })).toBeVisible({ timeout: 30_000 })
      await expect(person.page).not.toHaveURL(/connection-error/)
    } finally {
      await person.close()
    }
  })

  test('keyboard shortcuts work in the meeting, never while typing, and "?" lists them', async ({
    browser,
  }, testInfo) => {
    const person = await aloneInRoomOfTheirOwn(browser, 'keys')
    const { page } = person
    try {
      const toolbar = page.getByRole('toolbar', { name: m('controls.toolbar') })
      // The microphone is on (it opened on the device check) before "m" turns it off.
      await expect(toolbar.getByRole('button', { name: m('controls.muteMic') })).toBeVisible()
      await page.keyboard.press('m')
      await expect(toolbar.getByRole('button', { name: m('controls.unmuteMic') })).toBeVisible()
      await page.keyboard.press('M')
      await expect(toolbar.getByRole('button', { name: m('controls.muteMic') })).toBeVisible()

      // "c" opens the chat; an "m" typed in its field is a letter of the message, not a shortcut.
      await page.keyboard.press('c')
      const message = page.getByLabel(m('chat.message'))
      await message.pressSequentially('mmm')
      await expect(message).toHaveValue('mmm')
      await expect(toolbar.getByRole('button', { name: m('controls.muteMic') })).toBeVisible()

      await message.blur()
      await page.keyboard.press('?')
      const help = page.getByRole('dialog', { name: m('shortcuts.title') })
      await expect(help).toBeVisible()
      await expect(help.getByText(m('shortcuts.actions.toggleMic'))).toBeVisible()
      await screenshot(page, testInfo, 'meeting-shortcuts')
      await page.keyboard.press('Escape')
      await expect(help).toBeHidden()
    } finally {
      await person.close()
    }
  })

  test('a microphone that does not open: the device check says so, the meeting starts muted, "Unmute" tries again', async ({
    browser,
  }) => {
    const run = randomBytes(3).toString('hex')
    const person = await personInBrowser(browser, { name: 'Solo mic', emailAddress: `mic-${run}@meeting.example` })
    const { page } = person
    // The first microphone request fails as a busy or unplugged device does; the next one works.
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices
      const open = devices.getUserMedia.bind(devices)
      let failures = 1
      devices.getUserMedia = async (constraints) => {
        if (constraints?.audio && failures-- > 0)
          throw new DOMException('Could not start audio source', 'NotReadableError')
        return open(constraints)
      }
    })
    try {
      const room = await claimRoom(page, `mic-${run}`)
      await page.goto(room)
      await page.getByRole('button', { name: m('home.join'), exact: true }).click()
      await expect(page.getByRole('alert').filter({ hasText: m('mirror.microphoneNotAccessible') })).toBeVisible({
        timeout: 30_000,
      })
      await page.getByRole('button', { name: m('mirror.join') }).click()
      const toolbar = page.getByRole('toolbar', { name: m('controls.toolbar') })
      const unmute = toolbar.getByRole('button', { name: m('controls.unmuteMic') })
      await expect(unmute).toBeVisible({ timeout: 30_000 })
      await unmute.click()
      await expect(toolbar.getByRole('button', { name: m('controls.muteMic') })).toBeVisible()
    } finally {
      await person.close()
    }
  })

  test("the meeting's settings show a member's mobile phone and open the account settings to change it", async ({
    browser,
  }, testInfo) => {
    const person = await aloneInRoomOfTheirOwn(browser, 'phone')
    const { page } = person
    try {
      await page.getByText(m('controls.more'), { exact: true }).click()
      await page.getByRole('button', { name: m('controls.settings') }).click()
      const settings = page.getByRole('dialog', { name: m('settings.title') })
      await expect(settings.getByRole('heading', { name: m('settings.phone.heading') })).toBeVisible()
      await expect(settings.getByText(m('settings.phone.none'))).toBeVisible()
      await screenshot(page, testInfo, 'meeting-settings-phone')
      // In a new tab, so that the meeting goes on while the number is proven by its code.
      const add = settings.getByRole('link', { name: m('settings.phone.add') })
      await expect(add).toHaveAttribute('href', '/me/settings#contact-heading')
      await expect(add).toHaveAttribute('target', '_blank')
      const [tab] = await Promise.all([page.context().waitForEvent('page'), add.click()])
      await expect(tab.getByRole('heading', { name: t('en', 'account:settings.contact.heading') })).toBeVisible()
      await expect(page.getByRole('toolbar', { name: m('controls.toolbar') })).toBeVisible()
    } finally {
      await person.close()
    }
  })

  test('a guest picks their picture on the device check; a file that is no picture is refused', async ({
    page,
  }, testInfo) => {
    await page.goto(ROOM)
    await page.getByRole('button', { name: m('home.join'), exact: true }).click()
    const picture = page.getByLabel(m('mirror.avatar'))
    await picture.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
    await expect(page.getByRole('alert').filter({ hasText: t('en', 'account:errors.avatarNotImage') })).toBeVisible()

    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await solidImage('png', 400, 300) })
    const shown = page.locator('.meeting-avatar-row img')
    // Stored under the guest's own id, which is what lets the edge show it to the others.
    await expect(shown).toHaveAttribute('src', /^\/uploads\/avatars\/g_[A-Za-z0-9_-]{36}-[0-9a-f]{24}\.png$/)
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256)
    await expect(page.getByRole('alert')).toHaveCount(0)
    await screenshot(page, testInfo, 'meeting-mirror-picture')

    // This browser keeps the guest's picture for the next visit.
    const src = await shown.getAttribute('src')
    await page.reload()
    await page.getByRole('button', { name: m('home.join'), exact: true }).click()
    await expect(page.locator('.meeting-avatar-row img')).toHaveAttribute('src', src!)
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
