// Notifications, with and without JavaScript: a member comments on another's post, the author sees
// the header's count and the notice in the panel, follows it to the post, marks all read, and
// changes the settings (a bad submission keeps what was chosen and says why).
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { expectAccessible, screenshots, signInWithSession, t } from './support'
import { makeNotificationsCommunity } from './notifications-community'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const bell = (page: Page) => page.locator('a.notification-bell')

test('a comment reaches the author: the count, the panel, mark read, and the settings', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const js = testInfo.project.use.javaScriptEnabled !== false
  const community = await makeNotificationsCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const { slug, ann, ben } = community

  await signInWithSession(page, ann.emailAddress)
  await page.goto(`/${slug}`)
  await expect(bell(page)).toHaveAccessibleName(text('common:nav.notifications'))
  await page.getByLabel(text('posts:feed.messageLabel')).fill('Ann asks about the picnic')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:flash.posted'))).toBeVisible()

  const benContext = await browser.newContext({ javaScriptEnabled: js })
  const benPage = await benContext.newPage()
  await signInWithSession(benPage, ben.emailAddress)
  await benPage.goto(`/${slug}`)
  const post = benPage.getByRole('article').filter({ hasText: 'Ann asks about the picnic' })
  await post.getByLabel(text('posts:post.commentLabel')).fill('Saturday works for me')
  await post.getByRole('button', { name: text('posts:post.comment'), exact: true }).click()
  await expect(benPage.getByText(text('posts:flash.commented'))).toBeVisible()
  // Ben wrote it: nothing for him.
  await expect(benPage.getByTestId('notification-count')).toHaveCount(0)
  await benContext.close()

  await page.goto(`/${slug}`)
  await expect(bell(page)).toHaveAccessibleName(text('common:nav.notificationsUnread_one', { count: 1 }))
  await expect(page.getByTestId('notification-count')).toHaveText('1')
  await bell(page).click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/notifications$`))
  const notice = page.getByRole('link', { name: text('notifications:kinds.comment', { actor: ben.name }) })
  await expect(notice).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'notifications-panel')

  await page.getByRole('button', { name: text('notifications:panel.markAllRead') }).click()
  await expect(page.getByText(text('notifications:flash.allRead'))).toBeVisible()
  await expect(page.getByTestId('notification-count')).toHaveCount(0)
  await notice.click()
  await expect(page).toHaveURL(new RegExp(`/${slug}/posts/`))
  await expect(page.getByText('Saturday works for me')).toBeVisible()

  // The settings dialog: once a day, only what is about me.
  await page.goto(`/${slug}/notifications`)
  await page.getByRole('link', { name: text('notifications:panel.settings') }).click()
  await expect(page.getByRole('heading', { name: text('notifications:settings.title') })).toBeVisible()
  await expect(page.getByText(text('notifications:settings.disabledWarning'))).toHaveCount(0)
  await page.getByLabel(text('notifications:settings.frequencyOptions.daily')).check()
  await page.getByLabel(text('notifications:settings.scopeOptions.replies')).check()
  await page.getByRole('button', { name: text('notifications:settings.save') }).click()
  await expect(page.getByText(text('notifications:flash.saved'))).toBeVisible()
  await expect(page.getByLabel(text('notifications:settings.frequencyOptions.daily'))).toBeChecked()
  await expect(page.getByLabel(text('notifications:settings.scopeOptions.replies'))).toBeChecked()
  await screenshots(page, testInfo, 'notifications-settings')

  // A submission no form of ours sends (a frequency that does not exist): 400, the scope kept, the reason shown.
  const refused = await page.request.post(`/${slug}/notifications/settings`, {
    form: { frequency: 'hourly', scope: 'adminPosts' },
  })
  expect(refused.status()).toBe(400)
  const html = await refused.text()
  expect(html).toContain(text('notifications:settings.errors.frequency'))
  expect(html).toContain(text('notifications:settings.notSaved'))
  const radio = (value: string) => html.match(new RegExp(`<input[^>]*value="${value}"[^>]*>`))?.[0] ?? ''
  expect(radio('adminPosts')).toContain('checked')
  expect(radio('replies')).not.toContain('checked')
})
