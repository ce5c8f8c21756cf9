// An event's activity feed (its page, /{brand}/events/{room}): an admin turns public posting off in
// the editor and posts there (an empty post first: the product's message, what was typed kept); a
// member reads it, is told only the hosts post, and comments. Plain forms, with and without JavaScript.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { makeEventRoom } from '../support/factories'
import { addPerson, collectErrors, makeCommunity, screenshots, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const postArticle = (page: Page, words: string) => page.getByRole('article').filter({ hasText: words })

test("an event's hosts alone post when public posting is off; members read and comment", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `event-feed-${suffix}`
  const brandId = await makeCommunity(slug, `Event Feed ${suffix}`)
  const admin = `ada.${suffix}@event-feed.hearth.test`
  const member = `mel.${suffix}@event-feed.hearth.test`
  await addPerson(brandId, { name: 'Ada Admin', emailAddress: admin, role: 'community-admin' })
  await addPerson(brandId, { name: 'Mel Member', emailAddress: member })
  const event = await makeEventRoom(
    { id: brandId },
    { slug: `meetup-${suffix}`, name: 'Spring Meetup', roomType: 'public' },
  )
  const eventPage = `/${slug}/events/${event.slug}`
  const errors = collectErrors(page)

  // The admin: public posting off, in the event editor's access tab.
  await signInWithSession(page, admin)
  await page.goto(`${eventPage}/edit/access`)
  const everyonePosts = page.getByLabel(text('events:fields.publicPosting'))
  await expect(everyonePosts).toBeChecked()
  await everyonePosts.uncheck()
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await expect(page.getByLabel(text('events:fields.publicPosting'))).not.toBeChecked()

  // On the event's page the admin still posts: an empty post is refused with the product's words.
  await page.goto(eventPage)
  await expect(page.getByRole('heading', { level: 2, name: text('posts:feed.title') })).toBeVisible()
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:errors.missingContent'))).toBeVisible()
  await page.getByLabel(text('posts:feed.messageLabel')).fill('Doors open at six')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page).toHaveURL(eventPage)
  await expect(postArticle(page, 'Doors open at six')).toBeVisible()

  // A member reads the post and comments, but has no composer: only the hosts post here.
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== 'no-js' })
  const memberPage = await context.newPage()
  try {
    await signInWithSession(context, member)
    await memberPage.goto(eventPage)
    await expect(memberPage.getByText(text('events:page.hostsPostOnly'))).toBeVisible()
    await expect(memberPage.getByLabel(text('posts:feed.messageLabel'))).toHaveCount(0)
    const post = postArticle(memberPage, 'Doors open at six')
    await post.getByLabel(text('posts:post.commentLabel')).fill('See you there')
    await post.getByRole('button', { name: text('posts:post.comment'), exact: true }).click()
    await expect(memberPage.getByText(text('posts:flash.commented'))).toBeVisible()
    await expect(postArticle(memberPage, 'Doors open at six').getByText('See you there')).toBeVisible()
    await screenshots(memberPage, testInfo, 'event-feed-member')
  } finally {
    await context.close()
  }
  // The empty post's answer is a 400, as it should be; nothing else went wrong.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})
