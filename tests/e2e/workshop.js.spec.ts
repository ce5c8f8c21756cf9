// Issue 14's "done": a host runs a workshop end to end with every meeting feature at once. The
// host's room has its waiting room on; a member waits, calls and is let in; the host streams the
// meeting to an RTMP server (node-media-server, started here), records it and turns captions on;
// they watch a shared video, the member raises a hand and answers a poll, the host sends the member
// to a breakout room and brings everyone back; then the host stops the recording, the stream and
// the captions. Each feature has its own spec; this one proves they work together.
// JavaScript only (the meeting runs in the browser); both sign in with a session row. The member's
// fake microphone plays a voice-like sound, so the captions have something to hear.
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startRtmpServer, type RtmpServer } from '../support/rtmp-server'
import { claimRoom, personInBrowser, screenshots, t, voiceLaunchOptions } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)
const a = (key: string) => t('en', `account:${key}`)

test.use({ launchOptions: voiceLaunchOptions() })

// No YouTube here: its embed is answered with a page speaking the embed's postMessage protocol.
const EMBEDS = {
  'https://www.youtube-nocookie.com/embed/**': readFileSync(
    new URL('./youtube-embed-mock.html', import.meta.url),
    'utf8',
  ),
}
const VIDEO_ID = 'dQw4w9WgXcQ'

let rtmp: RtmpServer
test.beforeAll(async () => {
  rtmp = await startRtmpServer()
})
test.afterAll(async () => {
  await rtmp.close()
})

const run = randomBytes(3).toString('hex')

const signedIn = (browser: Browser, name: string) =>
  personInBrowser(
    browser,
    { name, emailAddress: `${name.toLowerCase()}-${run}@workshop.example` },
    { routes: EMBEDS, viewport: { width: 1280, height: 900 } },
  )

const toolbar = (page: Page) => page.getByRole('toolbar', { name: m('controls.toolbar') })
const tile = (page: Page, name: string) => page.locator(`.meeting-tile[aria-label="${name}"]`)
async function more(page: Page, item: string) {
  await page.getByText(m('controls.more'), { exact: true }).click()
  await page.getByRole('button', { name: item, exact: true }).click()
}

test('a host runs a workshop: waiting room, live stream, recording, captions, shared video, hands, poll and breakouts', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const host = await signedIn(browser, 'Wanda')
  const member = await signedIn(browser, 'Milo')
  try {
    // The host's room, with its waiting room on.
    const slug = `wanda-${run}`
    await claimRoom(host.page, slug)
    await host.page.goto(`/me/rooms/me/${slug}`)
    await host.page.getByLabel(a('settings.room.waitingRoom')).check()
    await host.page.getByRole('button', { name: a('settings.room.save') }).click()
    await expect(host.page.getByText(a('settings.saved'))).toBeVisible()
    const room = `/me/${slug}`
    await host.page.goto(room)
    await host.page.getByRole('button', { name: m('home.join'), exact: true }).click()
    await host.page.getByRole('button', { name: m('mirror.join') }).click()
    await expect(toolbar(host.page)).toBeVisible({ timeout: 30_000 })

    // People wait and are let in.
    await member.page.goto(room)
    await member.page.getByRole('button', { name: m('home.join'), exact: true }).click()
    await expect(member.page.getByText(m('waitingRoom.lead'))).toBeVisible({ timeout: 30_000 })
    await member.page.getByRole('button', { name: m('waitingRoom.call') }).click()
    const callers = host.page.getByRole('complementary', { name: m('waitingRoom.waiting_one', { count: 1 }) })
    await callers.getByRole('button', { name: m('waitingRoom.answerFor', { name: member.name }) }).click()
    await expect(toolbar(member.page)).toBeVisible({ timeout: 30_000 })
    await expect(tile(host.page, member.name)).toBeVisible({ timeout: 30_000 })

    // Streamed, recorded and captioned.
    await host.page.getByRole('button', { name: m('liveStream.start') }).click()
    const live = host.page.getByRole('dialog', { name: m('liveStream.dialogTitle') })
    const key = `workshop-${run}`
    await live.getByLabel(m('liveStream.url')).fill(`rtmp://127.0.0.1:${rtmp.port}/live`)
    await live.getByLabel(m('liveStream.streamKey')).fill(key)
    await live.getByRole('button', { name: m('liveStream.submit') }).click()
    // Closed once the edge answers, when the service has the stream.
    await expect(live).toBeHidden({ timeout: 30_000 })
    expect(rtmp.publishing()).toContain(`/live/${key}`)
    await host.page.getByRole('button', { name: m('recording.start') }).click()
    await expect(host.page.getByRole('button', { name: m('recording.stop') })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 15_000,
    })
    await expect(member.page.getByText(m('peer.recording'), { exact: true })).toBeVisible({ timeout: 10_000 })
    await more(host.page, m('captions.open'))
    const captionsDialog = host.page.getByRole('dialog', { name: m('captions.title') })
    await captionsDialog.getByLabel(m('captions.keepTranscript')).check()
    await captionsDialog.getByRole('button', { name: m('captions.start') }).click()
    const memberLine = host.page
      .getByRole('region', { name: m('captions.title') })
      .getByRole('listitem')
      .filter({ hasText: member.name })
    await expect(memberLine.first()).toBeVisible({ timeout: 30_000 })

    // A shared video, watched together.
    await more(host.page, m('sharedVideo.share'))
    const share = host.page.getByRole('dialog', { name: m('sharedVideo.share') })
    await share.getByLabel(m('sharedVideo.link')).fill(`https://youtu.be/${VIDEO_ID}`)
    await share.getByRole('button', { name: m('sharedVideo.send') }).click()
    const memberVideo = member.page.frameLocator(
      `iframe[title="${m('sharedVideo.frameTitle', { provider: 'YouTube' })}"]`,
    )
    await expect(memberVideo.locator('#state')).toHaveText('playing', { timeout: 15_000 })
    await screenshots(member.page, testInfo, 'workshop-shared-video')
    await host.page.getByRole('button', { name: m('sharedVideo.end') }).click()
    await expect(member.page.getByRole('region', { name: m('sharedVideo.region') })).toHaveCount(0, { timeout: 10_000 })

    // A raised hand, and a poll.
    await member.page.getByRole('button', { name: m('hands.raise') }).click()
    const queue = host.page.getByRole('complementary', { name: m('hands.queue_one', { count: 1 }) })
    await queue.getByRole('button', { name: m('hands.lowerFor', { name: member.name }) }).click()
    await expect(member.page.getByRole('button', { name: m('hands.raise') })).toHaveAttribute('aria-pressed', 'false', {
      timeout: 10_000,
    })
    await more(host.page, m('polls.ask'))
    const poll = host.page.getByRole('dialog', { name: m('polls.ask') })
    await poll.getByLabel(m('polls.question')).fill('Ready for groups?')
    await poll.getByLabel(m('polls.option', { number: 1 })).fill('Yes')
    await poll.getByLabel(m('polls.option', { number: 2 })).fill('Not yet')
    await poll.getByRole('button', { name: m('polls.send') }).click()
    await member.page
      .getByRole('complementary', { name: m('polls.title') })
      .getByRole('button', { name: 'Yes' })
      .click()
    await expect(
      host.page
        .getByRole('list', { name: m('polls.results') })
        .getByRole('listitem')
        .first(),
    ).toContainText(m('polls.votes_one', { count: 1 }), { timeout: 10_000 })
    await host.page.getByRole('button', { name: m('polls.close') }).click()

    // Into a breakout room and back.
    await more(host.page, m('breakouts.open'))
    const panel = host.page.getByRole('complementary', { name: m('breakouts.title') })
    await panel.getByRole('button', { name: m('breakouts.add') }).click()
    const first = m('breakouts.defaultName', { number: 1 })
    await expect(panel.getByRole('region', { name: first })).toBeVisible()
    await panel
      .getByRole('region', { name: m('breakouts.mainRoom') })
      .getByLabel(m('breakouts.moveTo', { name: member.name }))
      .selectOption({ label: first })
    await panel.getByRole('button', { name: m('breakouts.apply') }).click()
    await expect(member.page.getByText(m('breakouts.youAreIn', { room: first }))).toBeVisible({ timeout: 30_000 })
    await expect(tile(host.page, member.name)).toHaveCount(0, { timeout: 15_000 })
    await screenshots(member.page, testInfo, 'workshop-breakout')
    await panel.getByRole('button', { name: m('breakouts.end') }).click()
    await expect(member.page.getByText(m('breakouts.youAreIn', { room: first }))).toHaveCount(0, { timeout: 30_000 })
    await expect(tile(host.page, member.name)).toBeVisible({ timeout: 30_000 })
    // Back in the main room, the member's microphone is captioned again.
    // Only the last three lines stay on screen, so their number may not change: the lines seen so
    // far are marked, and a new one (React gives each line its own element) must come.
    await host.page
      .locator('.meeting-captions-lines li')
      .evaluateAll((items) => items.forEach((item) => item.setAttribute('data-seen', '')))
    await expect(memberLine.and(host.page.locator(':not([data-seen])')).first()).toBeVisible({ timeout: 30_000 })

    // The end: the recording is saved, the stream and the captions stop.
    await host.page.getByRole('button', { name: m('recording.stop') }).click()
    await expect(host.page.getByRole('status').filter({ hasText: m('recording.saved') })).toBeVisible({
      timeout: 20_000,
    })
    await host.page.getByRole('button', { name: m('liveStream.stop') }).click()
    await expect(host.page.getByRole('status').filter({ hasText: m('liveStream.ended') })).toBeVisible({
      timeout: 20_000,
    })
    await expect.poll(() => rtmp.publishing(), { timeout: 10_000 }).not.toContain(`/live/${key}`)
    await more(host.page, m('captions.manage'))
    await captionsDialog.getByRole('button', { name: m('captions.stop') }).click()
    await expect(member.page.getByRole('region', { name: m('captions.title') })).toHaveCount(0)
    await screenshots(host.page, testInfo, 'workshop-end')

    for (const { errors } of [host, member])
      expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
  } finally {
    await host.close()
    await member.close()
  }
})
