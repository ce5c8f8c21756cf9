// Shared video: the host shares a YouTube link, the visitor's player plays it at
// the same place; the host pauses and skips and the visitor's player follows; a third person who
// arrives later lands at the position; the host stops it and the view goes back.
// The network here has no YouTube: the embed's address is answered (page.route) with a local page
// that speaks the embed's postMessage protocol (youtube-embed-mock.html, vimeo-embed-mock.html), so
// the real client code drives it exactly as it would drive YouTube's or Vimeo's player.
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { claimRoom, joinMeeting, MEDIA_LAUNCH_OPTIONS, personInBrowser, screenshots, t } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

const signedIn = (browser: Browser, name: string) =>
  personInBrowser(
    browser,
    { name, emailAddress: `${name.toLowerCase()}-${run}@video.example` },
    { routes: MOCK_EMBEDS, viewport: { width: 1280, height: 900 } },
  )
const mockEmbed = (name: string) => readFileSync(new URL(`./${name}-embed-mock.html`, import.meta.url), 'utf8')
const MOCK_EMBEDS = {
  'https://www.youtube-nocookie.com/embed/**': mockEmbed('youtube'),
  'https://player.vimeo.com/video/**': mockEmbed('vimeo'),
}
const VIDEO_ID = 'dQw4w9WgXcQ'

/** The player inside a page's shared video: what the (mock) embed says it is doing. */
const player = (page: Page, provider = 'YouTube') =>
  page.frameLocator(`iframe[title="${m('sharedVideo.frameTitle', { provider })}"]`)
async function positionOf(page: Page, provider?: string) {
  return Number(await player(page, provider).locator('#time').getAttribute('data-ms'))
}

/** A room of the host's own, with the host and the others in its meeting. */
async function meetingOf(host: { page: Page; name: string }, slug: string, others: { page: Page; name: string }[]) {
  const room = await claimRoom(host.page, slug)
  await joinMeeting(host.page, room)
  for (const other of others) {
    await joinMeeting(other.page, room)
    await expect(host.page.locator(`.meeting-tile[aria-label="${other.name}"]`)).toBeVisible({ timeout: 30_000 })
  }
  return room
}

async function openShareForm(page: Page) {
  await page.getByText(m('controls.more'), { exact: true }).click()
  await page.getByRole('button', { name: m('sharedVideo.share') }).click()
  return page.getByRole('dialog', { name: m('sharedVideo.share') })
}

test.describe('shared video', () => {
  test.describe.configure({ timeout: 180_000 })

  test('the host shares a YouTube link; the others play it in step, follow pause and skips, and a late joiner lands at the position', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Hana')
    const visitor = await signedIn(browser, 'Vito')
    const late = await signedIn(browser, 'Lina')
    try {
      const room = await meetingOf(host, `hana-video-${run}`, [visitor])

      // Only YouTube and Vimeo: anything else is refused in the form, in words.
      const form = await openShareForm(host.page)
      await form.getByLabel(m('sharedVideo.link')).fill('https://example.com/watch?v=dQw4w9WgXcQ')
      await form.getByRole('button', { name: m('sharedVideo.send') }).click()
      await expect(form.getByRole('alert')).toHaveText(m('sharedVideo.invalidLink'))
      await screenshots(host.page, testInfo, 'shared-video-form')
      await form.getByLabel(m('sharedVideo.link')).fill(`https://youtu.be/${VIDEO_ID}`)
      await form.getByRole('button', { name: m('sharedVideo.send') }).click()
      await expect(form).toBeHidden()

      // Everyone sees it on the presenter stage, playing.
      for (const { page } of [host, visitor]) {
        await expect(page.getByRole('region', { name: m('sharedVideo.region') })).toBeVisible({ timeout: 15_000 })
        await expect(page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'presenter')
        await expect(player(page).locator('#video')).toHaveText(`YouTube ${VIDEO_ID}`)
        await expect(player(page).locator('#state')).toHaveText('playing', { timeout: 15_000 })
      }
      const shared = visitor.page.getByRole('region', { name: m('sharedVideo.region') })
      await expect(shared.getByText(m('sharedVideo.sharedBy', { name: host.name }))).toBeVisible()
      // Only the owner has the controls.
      await expect(shared.getByRole('group', { name: m('sharedVideo.controls') })).toHaveCount(0)
      await expect(shared.getByRole('button', { name: m('sharedVideo.end') })).toHaveCount(0)
      await expect.poll(() => positionOf(visitor.page), { timeout: 10_000 }).toBeGreaterThan(2_000)
      expect(Math.abs((await positionOf(visitor.page)) - (await positionOf(host.page)))).toBeLessThan(2_500)
      await screenshots(visitor.page, testInfo, 'shared-video-follower')

      // The host pauses: the visitor's player stops at the host's place.
      const controls = host.page.getByRole('group', { name: m('sharedVideo.controls') })
      await controls.getByRole('button', { name: m('sharedVideo.pause') }).click()
      await expect(player(visitor.page).locator('#state')).toHaveText('paused', { timeout: 10_000 })
      await expect(shared.getByText(m('sharedVideo.paused'), { exact: true })).toBeVisible()
      const pausedAt = await positionOf(host.page)
      await expect.poll(() => positionOf(visitor.page), { timeout: 5_000 }).toBeGreaterThan(pausedAt - 500)
      expect(Math.abs((await positionOf(visitor.page)) - pausedAt)).toBeLessThan(500)

      // Forward 10 s: the visitor's player goes there too, still paused.
      await controls.getByRole('button', { name: m('sharedVideo.forward') }).click()
      await expect.poll(() => positionOf(visitor.page), { timeout: 10_000 }).toBeGreaterThan(pausedAt + 9_000)
      expect(await positionOf(visitor.page)).toBeLessThan(pausedAt + 11_000)
      await expect(player(visitor.page).locator('#state')).toHaveText('paused')

      // Muted by the owner, muted for everyone.
      await controls.getByRole('button', { name: m('sharedVideo.mute') }).click()
      await expect(player(visitor.page).locator('#muted')).toHaveText('muted', { timeout: 10_000 })

      // Playing again; someone who arrives now lands where the others are.
      await controls.getByRole('button', { name: m('sharedVideo.play') }).click()
      await expect(player(visitor.page).locator('#state')).toHaveText('playing', { timeout: 10_000 })
      await host.page.waitForTimeout(2_000)
      await joinMeeting(late.page, room)
      await expect(late.page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'presenter')
      await expect(player(late.page).locator('#state')).toHaveText('playing', { timeout: 15_000 })
      await expect(player(late.page).locator('#muted')).toHaveText('muted')
      await expect
        .poll(async () => Math.abs((await positionOf(late.page)) - (await positionOf(host.page))), { timeout: 10_000 })
        .toBeLessThan(2_500)
      expect(await positionOf(late.page)).toBeGreaterThan(pausedAt + 11_000)
      await screenshots(host.page, testInfo, 'shared-video-owner')

      // The host stops it: it goes for everyone, and the view goes back to where it was.
      await host.page.getByRole('button', { name: m('sharedVideo.end') }).click()
      for (const { page } of [host, visitor, late]) {
        await expect(page.getByRole('region', { name: m('sharedVideo.region') })).toHaveCount(0, { timeout: 10_000 })
        await expect(page.locator('.meeting-room')).toHaveAttribute('data-viewing-mode', 'tiles')
      }

      for (const { errors } of [host, visitor, late])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await visitor.close()
      await late.close()
    }
  })

  test("a Vimeo link plays in step through Vimeo's player API, and the visitor follows a pause", async ({
    browser,
  }) => {
    const host = await signedIn(browser, 'Vera')
    const visitor = await signedIn(browser, 'Tom')
    try {
      await meetingOf(host, `vera-video-${run}`, [visitor])
      const form = await openShareForm(host.page)
      await form.getByLabel(m('sharedVideo.link')).fill('https://vimeo.com/76979871')
      await form.getByRole('button', { name: m('sharedVideo.send') }).click()
      await expect(form).toBeHidden()
      for (const { page } of [host, visitor]) {
        await expect(player(page, 'Vimeo').locator('#video')).toHaveText('Vimeo 76979871', { timeout: 15_000 })
        await expect(player(page, 'Vimeo').locator('#state')).toHaveText('playing', { timeout: 15_000 })
      }
      await expect.poll(() => positionOf(visitor.page, 'Vimeo'), { timeout: 10_000 }).toBeGreaterThan(2_000)
      await host.page
        .getByRole('group', { name: m('sharedVideo.controls') })
        .getByRole('button', { name: m('sharedVideo.pause') })
        .click()
      await expect(player(visitor.page, 'Vimeo').locator('#state')).toHaveText('paused', { timeout: 10_000 })
      const pausedAt = await positionOf(host.page, 'Vimeo')
      await expect
        .poll(async () => Math.abs((await positionOf(visitor.page, 'Vimeo')) - pausedAt), { timeout: 5_000 })
        .toBeLessThan(500)
      for (const { errors } of [host, visitor])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await visitor.close()
    }
  })
})
