// Raise hand and reactions: a visitor raises a hand in a personal room, the host
// sees it in the queue and lowers it, a reaction the visitor sends shows on the host's screen, and
// the visitor answers the host's quick poll.
// JavaScript only (the meeting runs in the browser); both sign in with a session row.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser } from '@playwright/test'
import { claimRoom, joinMeeting, MEDIA_LAUNCH_OPTIONS, personInBrowser, screenshots, t } from './support'

const m = (key: string, values: Record<string, string | number> = {}) => t('en', `meeting:${key}`, values)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

const run = randomBytes(3).toString('hex')

const signedIn = (browser: Browser, name: string) =>
  personInBrowser(browser, { name, emailAddress: `${name.toLowerCase()}-${run}@hands.example` })

test.describe('raise hand and reactions', () => {
  test.describe.configure({ timeout: 180_000 })

  test('the host sees the raised hand in the queue and lowers it; a reaction reaches the other browser', async ({
    browser,
  }, testInfo) => {
    const host = await signedIn(browser, 'Hana')
    const visitor = await signedIn(browser, 'Vito')
    try {
      const slug = `hana-${run}`
      const room = await claimRoom(host.page, slug)
      await joinMeeting(host.page, room)
      await joinMeeting(visitor.page, room)
      await expect(host.page.locator(`.meeting-tile[aria-label="${visitor.name}"]`)).toBeVisible({ timeout: 30_000 })

      // A visitor has no queue to see, only their own hand going up.
      await visitor.page.getByRole('button', { name: m('hands.raise') }).click()
      await expect(visitor.page.getByRole('button', { name: m('hands.lower') })).toHaveAttribute('aria-pressed', 'true')
      await expect(visitor.page.getByRole('complementary', { name: m('hands.queue_one', { count: 1 }) })).toHaveCount(0)

      const queue = host.page.getByRole('complementary', { name: m('hands.queue_one', { count: 1 }) })
      await expect(queue).toBeVisible({ timeout: 15_000 })
      await expect(queue.getByRole('listitem')).toHaveText([new RegExp(visitor.name)])
      await expect(host.page.getByRole('img', { name: m('hands.mark', { name: visitor.name }) })).toBeVisible()
      await screenshots(host.page, testInfo, 'meeting-raised-hand')

      await queue.getByRole('button', { name: m('hands.lowerFor', { name: visitor.name }) }).click()
      await expect(queue).toHaveCount(0)
      await expect(visitor.page.getByRole('button', { name: m('hands.raise') })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      await expect(host.page.getByRole('img', { name: m('hands.mark', { name: visitor.name }) })).toHaveCount(0)

      await visitor.page.getByText(m('reactions.open'), { exact: true }).click()
      await visitor.page.getByRole('button', { name: m('reactions.names.celebrate') }).click()
      const shown = host.page.getByRole('img', { name: m('reactions.shown', { name: visitor.name, emoji: '🎉' }) })
      await expect(shown).toBeVisible({ timeout: 10_000 })
      // It goes after about three seconds.
      await expect(shown).toHaveCount(0, { timeout: 10_000 })

      // A quick poll: the host asks, the visitor answers, the host sees the count.
      await host.page.getByText(m('controls.more'), { exact: true }).click()
      await host.page.getByRole('button', { name: m('polls.ask') }).click()
      const form = host.page.getByRole('dialog', { name: m('polls.ask') })
      await form.getByLabel(m('polls.question')).fill('Pizza or tacos?')
      await form.getByLabel(m('polls.option', { number: 1 })).fill('Pizza')
      await form.getByLabel(m('polls.option', { number: 2 })).fill('Tacos')
      await form.getByRole('button', { name: m('polls.send') }).click()
      await expect(form).toBeHidden()
      const visitorPoll = visitor.page.getByRole('complementary', { name: m('polls.title') })
      await expect(visitorPoll.getByText('Pizza or tacos?')).toBeVisible({ timeout: 10_000 })
      await visitorPoll.getByRole('button', { name: 'Tacos' }).click()
      const results = host.page.getByRole('list', { name: m('polls.results') })
      await expect(results.getByRole('listitem').nth(1)).toContainText(m('polls.votes_one', { count: 1 }), {
        timeout: 10_000,
      })
      await expect(visitorPoll.getByRole('button', { name: 'Tacos' })).toHaveCount(0)
      await screenshots(host.page, testInfo, 'meeting-poll')
      await host.page.getByRole('button', { name: m('polls.close') }).click()
      await expect(visitor.page.getByRole('complementary', { name: m('polls.closedTitle') })).toBeVisible()

      for (const { errors } of [host, visitor])
        expect(errors.filter((error) => !/status of 40[34]/.test(error))).toEqual([])
    } finally {
      await host.close()
      await visitor.close()
    }
  })
})
