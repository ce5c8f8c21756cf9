// Captions: the host turns captions on with a transcript; the visitor's
// microphone (Chromium's fake device playing a tone, so there is sound to hear) goes through the
// edge to the run's speech service stand-in (tests/support/speech-server.ts), and both browsers
// show the lines with the speaker's name; the host turns them off, then finds the transcript on the
// transcripts page and downloads it, without JavaScript too.
// JavaScript only for the meeting; both sign in with a session row.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser } from '@playwright/test'
import { claimRoom, joinMeeting, personInBrowser, screenshots, t, voiceLaunchOptions } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)
const c = (key: string, values: Record<string, string | number> = {}) => t('en', `community:${key}`, values)

test.use({ launchOptions: voiceLaunchOptions() })

const run = randomBytes(3).toString('hex')

const signedIn = (browser: Browser, name: string, javaScriptEnabled = true) =>
  personInBrowser(
    browser,
    { name, emailAddress: `${name.toLowerCase()}-${run}@captions.example` },
    { javaScriptEnabled },
  )

test.describe('captions', () => {
  test.describe.configure({ timeout: 180_000 })

  test('the host turns captions on; both browsers read the visitor’s lines; the transcript is downloaded afterwards', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Carla')
    const visitor = await signedIn(browser, 'Vasco')
    try {
      const slug = `carla-${run}`
      const room = await claimRoom(host.page, slug)
      await joinMeeting(host.page, room)
      await joinMeeting(visitor.page, room)
      await expect(host.page.locator(`.meeting-tile[aria-label="${visitor.name}"]`)).toBeVisible({ timeout: 30_000 })
      // The visitor has no switch for captions.
      await visitor.page.getByText(m('controls.more'), { exact: true }).click()
      await expect(visitor.page.getByRole('button', { name: m('captions.open') })).toHaveCount(0)
      await visitor.page.getByText(m('controls.more'), { exact: true }).click()

      await host.page.getByText(m('controls.more'), { exact: true }).click()
      await host.page.getByRole('button', { name: m('captions.open') }).click()
      const dialog = host.page.getByRole('dialog', { name: m('captions.title') })
      await dialog.getByLabel(m('captions.language')).selectOption('en')
      await dialog.getByLabel(m('captions.keepTranscript')).check()
      await screenshots(host.page, testInfo, 'meeting-captions-dialog')
      await dialog.getByRole('button', { name: m('captions.start') }).click()
      await expect(dialog).toBeHidden()

      // The visitor's tone, heard by the service, shows on both screens with the visitor's name.
      for (const page of [host.page, visitor.page]) {
        const lines = page.getByRole('region', { name: m('captions.title') }).getByRole('listitem')
        await expect(
          lines
            .filter({ hasText: visitor.name })
            .filter({ hasText: /sound for \d+ s/ })
            .first(),
        ).toBeVisible({ timeout: 30_000 })
      }
      await screenshots(visitor.page, testInfo, 'meeting-captions')

      // Anyone may hide them for themselves.
      await visitor.page.getByRole('button', { name: m('captions.hide') }).click()
      await expect(visitor.page.getByRole('region', { name: m('captions.title') }).getByRole('listitem')).toHaveCount(0)
      await visitor.page.getByRole('button', { name: m('captions.show') }).click()

      await host.page.getByText(m('controls.more'), { exact: true }).click()
      await host.page.getByRole('button', { name: m('captions.manage'), exact: true }).click()
      await dialog.getByRole('button', { name: m('captions.stop') }).click()
      await expect(visitor.page.getByRole('region', { name: m('captions.title') })).toHaveCount(0)
      expect(host.errors).toEqual([])
      expect(visitor.errors).toEqual([])
    } finally {
      await Promise.all([host.close(), visitor.close()])
    }

    // The transcript page, without JavaScript: listed for the host, downloaded as text.
    const reader = await signedIn(browser, 'Carla', false)
    try {
      await reader.page.goto('/me/transcripts')
      await expect(reader.page.getByRole('heading', { name: c('transcripts.title') })).toBeVisible()
      const entry = reader.page.getByRole('listitem').filter({ hasText: 'Carla' })
      await expect(entry).toBeVisible()
      await screenshots(reader.page, testInfo, 'transcripts-page')
      const [download] = await Promise.all([
        reader.page.waitForEvent('download'),
        entry.getByRole('link', { name: c('transcripts.download') }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(new RegExp(`^transcript-carla-${run}-\\d{4}-\\d{2}-\\d{2}\\.txt$`))
      const text = await (await download.createReadStream()).toArray()
      expect(Buffer.concat(text).toString()).toMatch(new RegExp(`\\[\\d{2}:\\d{2}:\\d{2}\\] Vasco: sound for \\d+ s`))
    } finally {
      await reader.close()
    }
  })
})
