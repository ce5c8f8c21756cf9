// Drafts and scheduled posts: a member saves a post as a draft from the home's
// composer, is refused a time in the past, publishes the draft now; then schedules another a few
// seconds ahead and, after it is due, sees it on the home (a reload: no JavaScript needed). Runs
// with and without JavaScript: every step is a plain form.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import {
  addPerson,
  collectErrors,
  expectAccessible,
  screenshots,
  signInWithSession,
  t,
  makeCommunityWithHub,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

/** A community of this test's own with its hub and one member. */
async function makeDraftsCommunity(suffix: string) {
  const slug = `drafts-${suffix}`
  const { brandId } = await makeCommunityWithHub(slug, `Drafts Test ${suffix}`, {
    slug: `hub-${suffix}`,
    name: 'Drafts Hub',
    timeZone: 'UTC',
  })
  const emailAddress = `dora.${suffix}@drafts.hearth.test`
  await addPerson(brandId, { name: 'Dora Drafter', emailAddress, role: 'community-member' })
  return { slug, emailAddress }
}

/** A UTC wall-clock time `ms` from now, to the second, as the datetime-local input takes it. */
const utcLocal = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19)
const card = (page: Page, words: string) => page.getByRole('article').filter({ hasText: words })

async function saveDraft(page: Page, slug: string, words: string) {
  await page.goto(`/${slug}`)
  await page.getByLabel(text('posts:feed.messageLabel')).fill(words)
  await page.getByRole('button', { name: text('posts:drafts.saveDraft') }).click()
  await expect(page.getByText(text('posts:flash.draftSaved'))).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/${slug}/drafts$`))
  await expect(card(page, words)).toBeVisible()
}

test('save a draft, publish it; schedule one a few seconds ahead and see it on the home when due', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const community = await makeDraftsCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  await signInWithSession(page, community.emailAddress)

  const first = 'A thought for later'
  await saveDraft(page, community.slug, first)
  // Not on the home until published.
  await page.goto(`/${community.slug}`)
  await expect(page.getByText(first)).toHaveCount(0)

  // A time in the past is refused with its message; the draft stays a draft.
  await page.goto(`/${community.slug}/drafts`)
  const draft = card(page, first)
  await draft.getByLabel(text('posts:drafts.publishAtLabel')).fill('2001-01-01T10:00:05')
  await draft.getByRole('button', { name: text('posts:drafts.schedule') }).click()
  await expect(card(page, first).getByText(text('posts:errors.scheduleInPast'))).toBeVisible()
  await expect(card(page, first).getByLabel(text('posts:drafts.publishAtLabel'))).toHaveValue('2001-01-01T10:00:05')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'drafts')

  await card(page, first)
    .getByRole('button', { name: text('posts:drafts.publishNow') })
    .click()
  await expect(page.getByText(text('posts:flash.posted'))).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/${community.slug}$`))
  await expect(page.getByRole('article').filter({ hasText: first })).toBeVisible()

  // Scheduled a few seconds ahead: listed with its time, then on the home once due.
  const second = 'Out on the dot'
  await saveDraft(page, community.slug, second)
  const zone = card(page, second).getByLabel(text('posts:drafts.timeZoneLabel'))
  await expect(zone).toHaveValue('UTC')
  await card(page, second).getByLabel(text('posts:drafts.publishAtLabel')).fill(utcLocal(6_000))
  await card(page, second)
    .getByRole('button', { name: text('posts:drafts.schedule') })
    .click()
  await expect(page.getByText(text('posts:flash.scheduled'))).toBeVisible()
  await expect(page.getByRole('heading', { name: text('posts:drafts.scheduledTitle') })).toBeVisible()
  await expect(card(page, second).getByRole('button', { name: text('posts:drafts.reschedule') })).toBeVisible()
  await page.goto(`/${community.slug}`)
  await expect(page.getByRole('article').filter({ hasText: second })).toHaveCount(0)
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('article').filter({ hasText: second })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000, intervals: [1_000] })
  await page.goto(`/${community.slug}/drafts`)
  await expect(page.getByText(text('posts:drafts.empty'))).toBeVisible()
  await expect(page.getByText(text('posts:drafts.scheduledEmpty'))).toBeVisible()
  // The refused schedule answered 400, as a refused form does; nothing else may fail.
  expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([])
})
