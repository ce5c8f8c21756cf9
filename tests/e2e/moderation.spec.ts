// Post toxicity moderation: with the install's moderation on, a member's toxic post is
// held, shown to its author alone as waiting for review; a moderator finds it in the review queue
// (/{brand}/admin/moderation), approves it, and it appears in the feed for everyone. A second one
// is rejected and its author sees it as not published. Bad input: deciding with no post chosen is
// refused with its message. Runs with and without JavaScript: every step is a plain form.
import { randomBytes } from 'node:crypto'
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { ProductConfig } from '#models/index'
import {
  addPerson,
  collectErrors,
  expectAccessible,
  hasJavaScript,
  screenshots,
  signInWithSession,
  t,
  makeCommunityWithHub,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

/**
 * Turns the install's moderation on (product config contentModeration.enabled). Left on: specs run
 * side by side, and the others' kind words score 0 with the built-in lexicon, so they still publish.
 */
async function moderationOn() {
  // The install's one row (models/product-config.ts), made with its defaults when there is none yet.
  const [config] = await ProductConfig.findOrCreate({ where: { id: 1 } })
  await config.update({ contentModeration: { ...config.contentModeration, enabled: true } })
}

/** A community of this test's own with its hub, a member and a moderator. */
async function makeModerationCommunity(suffix: string) {
  const slug = `moderation-${suffix}`
  const { brandId } = await makeCommunityWithHub(slug, `Moderation Test ${suffix}`, {
    slug: `hub-${suffix}`,
    name: 'Moderation Hub',
    timeZone: 'UTC',
  })
  const member = `tomas.${suffix}@moderation.hearth.test`
  const moderator = `mona.${suffix}@moderation.hearth.test`
  await addPerson(brandId, { name: 'Tomas Member', emailAddress: member, role: 'community-member' })
  await addPerson(brandId, { name: 'Mona Moderator', emailAddress: moderator, role: 'community-moderator' })
  return { slug, member, moderator }
}

async function pageFor(browser: Browser, testInfo: TestInfo, emailAddress: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: hasJavaScript(testInfo),
  })
  await signInWithSession(context, emailAddress)
  return context.newPage()
}

const article = (page: Page, words: string) => page.getByRole('article').filter({ hasText: words })
const queueItem = (page: Page, words: string) => page.locator('.review-item').filter({ hasText: words })

async function post(page: Page, slug: string, words: string) {
  await page.goto(`/${slug}`)
  await page.getByLabel(text('posts:feed.messageLabel')).fill(words)
  await page.getByRole('button', { name: text('posts:feed.publish'), exact: true }).click()
  await expect(page.getByText(text('moderation:flash.held'))).toBeVisible()
}

test('a held post waits for review, a moderator approves it into the feed and rejects another', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  await moderationOn()
  const community = await makeModerationCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  await signInWithSession(page, community.member)

  // The member's toxic posts are saved but held: they see them, marked, and nobody else does.
  const toxic = 'You stupid fucking idiot'
  const threat = 'I will find where you live'
  await post(page, community.slug, toxic)
  await expect(article(page, toxic).getByText(text('moderation:post.held'))).toBeVisible()
  await post(page, community.slug, threat)
  await screenshots(page, testInfo, 'moderation-held')

  const moderator = await pageFor(browser, testInfo, community.moderator)
  await moderator.goto(`/${community.slug}`)
  await expect(moderator.getByText(toxic)).toHaveCount(0)

  // The review queue lists both with their scores; deciding with nothing chosen is refused.
  await moderator.goto(`/${community.slug}/admin/moderation`)
  await expect(moderator.getByRole('heading', { name: text('moderation:queue.title'), level: 1 })).toBeVisible()
  await expect(queueItem(moderator, toxic).getByText(text('moderation:queue.score', { score: 81 }))).toBeVisible()
  await expect(queueItem(moderator, threat)).toBeVisible()
  await moderator.getByRole('button', { name: text('moderation:queue.approveChosen') }).click()
  await expect(moderator.getByText(text('moderation:errors.noneChosen'))).toBeVisible()
  await expectAccessible(moderator)
  await screenshots(moderator, testInfo, 'moderation-queue')

  // Approve one by its own button: it leaves the queue and enters the feed, for everyone.
  await queueItem(moderator, toxic)
    .getByRole('button', { name: text('moderation:queue.approve'), exact: true })
    .click()
  await expect(moderator.getByText(text('moderation:flash.approved_one', { count: 1 }))).toBeVisible()
  await expect(queueItem(moderator, toxic)).toHaveCount(0)
  // Reject the other by ticking it.
  await queueItem(moderator, threat).getByRole('checkbox').check()
  await moderator.getByRole('button', { name: text('moderation:queue.rejectChosen') }).click()
  await expect(moderator.getByText(text('moderation:queue.empty'))).toBeVisible()

  await moderator.goto(`/${community.slug}`)
  await expect(article(moderator, toxic)).toBeVisible()
  await expect(moderator.getByText(threat)).toHaveCount(0)
  await page.goto(`/${community.slug}`)
  await expect(article(page, toxic)).toBeVisible()
  await expect(article(page, toxic).getByText(text('moderation:post.held'))).toHaveCount(0)
  await expect(article(page, threat).getByText(text('moderation:post.rejected'))).toBeVisible()

  // A plain member has no review queue.
  await page.goto(`/${community.slug}/admin/moderation`)
  await expect(page).toHaveURL(/access-denied/)
  await moderator.context().close()
  // The refused decision answered 400, as a refused form does; nothing else may fail.
  expect(errors.filter((error) => !error.includes('status of 400') && !error.includes('status of 403'))).toEqual([])
})
