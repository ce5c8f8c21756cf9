// With JavaScript, the header's notification count goes up in an open page without a reload (the
// header listens on /{brand}/notifications/live and re-reads the count when a notification comes).
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { signInWithSession, t } from './support'
import { makeNotificationsCommunity } from './notifications-community'

const text = (key: string) => t('en', key)

test('the count goes up live in the other browser', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const { slug, ann, ben } = await makeNotificationsCommunity(`live-${randomBytes(3).toString('hex')}`)

  await signInWithSession(page, ann.emailAddress)
  await page.goto(`/${slug}`)
  await page.getByLabel(text('posts:feed.messageLabel')).fill('Ann posts, and waits')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:flash.posted'))).toBeVisible()
  // Ann's page is listening before Ben comments.
  const listening = page.waitForResponse(
    (response) => response.url().endsWith(`/${slug}/notifications/live`) && response.status() === 200,
  )
  await page.goto(`/${slug}`)
  await listening
  await expect(page.getByTestId('notification-count')).toHaveCount(0)
  let reloaded = false
  page.on('load', () => (reloaded = true))

  const benContext = await browser.newContext()
  const benPage = await benContext.newPage()
  await signInWithSession(benPage, ben.emailAddress)
  await benPage.goto(`/${slug}`)
  const post = benPage.getByRole('article').filter({ hasText: 'Ann posts, and waits' })
  await post.getByLabel(text('posts:post.commentLabel')).fill('I am here')
  await post.getByRole('button', { name: text('posts:post.comment'), exact: true }).click()
  await expect(benPage.getByText(text('posts:flash.commented'))).toBeVisible()

  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 10_000 })
  expect(reloaded).toBe(false)
  await benContext.close()
})
