// Recording: the host of the demo community's Book Club starts recording, the
// other browser sees the meeting marked as recorded (the recorder bot, not a tile), the host stops
// it and finds the file among their videos in the community's media library.
// JavaScript only (the meeting runs in the browser); both sign in with a session row.
import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO, holdLock, joinMeeting, MEDIA_LAUNCH_OPTIONS, personInBrowser, screenshots, t } from './support'

/** A demo account signed in (a session row, no code spent). */
const signedIn = (browser: Browser, account: { name: string; emailAddress: string }) =>
  personInBrowser(browser, account)

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

test.describe('recording', () => {
  test.describe.configure({ timeout: 180_000 })

  test("the host records the meeting, the other browser sees it is recorded, the file lands in the host's videos", async ({
    browser,
  }, testInfo) => {
    // Mia hosts the Book Club (models/seed.ts); Noah is a member. The recording and live specs both
    // meet there as those two: one at a time, or each sees the other's tiles and files.
    const release = await holdLock('demo-book-club-meeting', { waitMs: 170_000 })
    const host = await signedIn(browser, DEMO.accounts[2])
    const visitor = await signedIn(browser, DEMO.accounts[3])
    try {
      const room = `/${DEMO.slug}/book-club`
      await joinMeeting(host.page, room)
      await joinMeeting(visitor.page, room)
      await expect(host.page.locator(`.meeting-tile[aria-label="${visitor.name}"]`)).toBeVisible({ timeout: 30_000 })

      // Only hosts and co-hosts have the button.
      await expect(visitor.page.getByRole('button', { name: m('recording.start') })).toHaveCount(0)
      const mark = (page: Page) => page.getByText(m('peer.recording'), { exact: true })
      await expect(mark(visitor.page)).toHaveCount(0)

      await host.page.getByRole('button', { name: m('recording.start') }).click()
      const stop = host.page.getByRole('button', { name: m('recording.stop') })
      await expect(stop).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 })
      await expect(mark(visitor.page)).toBeVisible({ timeout: 10_000 })
      await expect(mark(host.page)).toBeVisible()
      // The recorder is a meeting bot: no tile for it, the visitor still sees one other person.
      await expect(visitor.page.locator('.meeting-tile')).toHaveCount(2)
      await screenshots(visitor.page, testInfo, 'meeting-recorded-visitor')
      await screenshots(host.page, testInfo, 'meeting-recording-host')

      // A few seconds of the meeting.
      await host.page.waitForTimeout(4000)
      await stop.click()
      const saved = host.page.getByRole('status').filter({ hasText: m('recording.saved') })
      await expect(saved).toBeVisible({ timeout: 20_000 })
      await expect(mark(visitor.page)).toHaveCount(0, { timeout: 10_000 })
      await expect(host.page.getByRole('button', { name: m('recording.start') })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      await screenshots(host.page, testInfo, 'meeting-recording-saved')

      const [library] = await Promise.all([
        host.page.context().waitForEvent('page'),
        saved.getByRole('link', { name: m('recording.openLibrary') }).click(),
      ])
      await library.waitForLoadState()
      await expect(library.getByText(/^rec-\d{8}-\d{6}\.webm$/)).toBeVisible()
      await screenshots(library, testInfo, 'media-library-recording')

      expect(host.errors).toEqual([])
      expect(visitor.errors).toEqual([])
    } finally {
      await host.close()
      await visitor.close()
      release()
    }
  })
})
