// Posts and the feed: a member posts on the community home (a bad post first:
// the product's message, nothing lost), comments, replies on the post's page and reacts; an admin
// pins the post; a guest reads it on its own page where the hub is public. Runs with and without
// JavaScript: every step is a plain form.
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

/** A community of this test's own whose hub is open to guests, with an admin and a member. */
async function makePostsCommunity(suffix: string) {
  const slug = `posts-${suffix}`
  const { brandId, hubId } = await makeCommunityWithHub(
    slug,
    `Posts Test ${suffix}`,
    { slug: `hub-${suffix}`, name: 'Posts Hub' },
    {
      publicAccess: { hub: true, groups: false, members: false, subcommunities: false },
    },
  )
  const person = async (name: string, role: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@posts.hearth.test`
    await addPerson(brandId, { name, emailAddress, role })
    return { name, emailAddress }
  }
  return {
    slug,
    hubId,
    admin: await person('Ada Admin', 'community-admin'),
    member: await person('Mel Member', 'community-member'),
  }
}

const postArticle = (page: Page, words: string) => page.getByRole('article').filter({ hasText: words })

test('post, comment, reply, react, pin; a guest reads the post on its own page', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const community = await makePostsCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  // This machine has no way out to the players' hosts: their frames get a stand-in page, as a browser online would get the player.
  await page
    .context()
    .route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }),
    )
  await signInWithSession(page, community.member.emailAddress)
  await page.goto(`/${community.slug}`)
  await expect(page.getByRole('heading', { level: 2, name: text('posts:feed.title') })).toBeVisible()
  await expect(page.getByText(text('posts:feed.empty'))).toBeVisible()

  // A post of only removed markup is no post: the spec's message, the text kept.
  const box = page.getByLabel(text('posts:feed.messageLabel'))
  await box.fill('<script>alert(1)</script>')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:errors.missingContent'))).toBeVisible()
  await expect(page.getByLabel(text('posts:feed.messageLabel'))).toHaveValue('<script>alert(1)</script>')

  const words = 'Hello hearth, watch https://youtu.be/dQw4w9WgXcQ'
  await page.getByLabel(text('posts:feed.messageLabel')).fill(words)
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:flash.posted'))).toBeVisible()
  await expect(page.getByLabel(text('posts:feed.messageLabel'))).toHaveValue('')
  await expect(page.getByText(text('posts:errors.missingContent'))).toHaveCount(0)
  const post = postArticle(page, 'Hello hearth')
  await expect(post).toBeVisible()
  await expect(post.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
  await expect(post.getByRole('link', { name: text('posts:post.shareOn.facebook') })).toHaveAttribute(
    'href',
    /facebook\.com\/sharer/,
  )

  // Comment from the feed.
  await post.getByLabel(text('posts:post.commentLabel')).fill('First comment')
  await post.getByRole('button', { name: text('posts:post.comment'), exact: true }).click()
  await expect(page.getByText(text('posts:flash.commented'))).toBeVisible()
  await expect(postArticle(page, 'Hello hearth').getByText('First comment')).toBeVisible()
  await expect(postArticle(page, 'Hello hearth').getByLabel(text('posts:post.commentLabel'))).toHaveValue('')

  // React: the count and the pressed state change.
  const thumbs = postArticle(page, 'Hello hearth')
    .getByRole('button', { name: text('posts:post.react', { emoji: '👍' }) })
    .first()
  await thumbs.click()
  await expect(
    postArticle(page, 'Hello hearth')
      .getByRole('button', { name: text('posts:post.react', { emoji: '👍' }) })
      .first(),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(
    postArticle(page, 'Hello hearth')
      .getByRole('button', { name: text('posts:post.react', { emoji: '👍' }) })
      .first(),
  ).toContainText('1')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'posts-home')

  // The post's own page: reply to the comment.
  const postPath = await postArticle(page, 'Hello hearth').locator('header a').first().getAttribute('href')
  expect(postPath).toMatch(new RegExp(`^/${community.slug}/posts/[A-Za-z0-9_-]{36}$`))
  // Followed as a link (with JavaScript, a navigation in the hydrated page: no race with hydration).
  await postArticle(page, 'Hello hearth').locator('header a').first().click()
  await expect(page).toHaveURL(new RegExp(`${postPath}$`))
  await expect(page).toHaveTitle(`${text('posts:post.pageTitle')} · Hearth`)
  await page.getByLabel(text('posts:post.replyLabel')).fill('A reply')
  const replyButton = page.getByRole('button', { name: text('posts:post.reply'), exact: true })
  // Scrolled first: a click that scrolls past a player frame as it loads can be lost (seen without JavaScript).
  await replyButton.scrollIntoViewIfNeeded()
  await replyButton.click()
  await expect(page.getByText(text('posts:flash.replied'))).toBeVisible()
  await expect(page.getByText('A reply')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${postPath}$`))
  // The one 400 is the refused post above (a document request, or the form's fetch with JavaScript).
  expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([])

  // The composer page that feeds without a post action of their own (a group page) send their posts to.
  await page.goto(`/${community.slug}/posts/new?room=${community.hubId}`)
  await expect(page.getByRole('heading', { level: 1, name: text('posts:feed.write') })).toBeVisible()
  await page.getByLabel(text('posts:feed.messageLabel')).fill('   ')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:errors.missingContent'))).toBeVisible()
  await screenshots(page, testInfo, 'posts-new')

  // An admin pins it.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await signInWithSession(admin, community.admin.emailAddress)
  await admin.goto(`/${community.slug}`)
  await postArticle(admin, 'Hello hearth')
    .getByRole('button', { name: text('posts:post.pin'), exact: true })
    .click()
  await expect(admin.getByText(text('posts:flash.pinned'))).toBeVisible()
  await expect(postArticle(admin, 'Hello hearth').getByText(text('posts:post.pinned'), { exact: true })).toBeVisible()
  await adminContext.close()

  // A guest reads it on its own page (the hub is public) and is asked to sign in to answer.
  const guestContext = await browser.newContext()
  const guest = await guestContext.newPage()
  await guest.goto(postPath!)
  await expect(guest.getByText('Hello hearth')).toBeVisible()
  await expect(guest.getByText('First comment')).toBeVisible()
  await expect(guest.getByText(text('posts:post.signInToComment'))).toBeVisible()
  await expect(guest.getByLabel(text('posts:post.commentLabel'))).toHaveCount(0)
  await expect(guest.getByRole('button', { name: text('posts:post.react', { emoji: '👍' }) })).toHaveCount(0)
  await expectAccessible(guest)
  await screenshots(guest, testInfo, 'posts-single')
  await guestContext.close()
})

test('a comment by someone the reader muted shows the muted-user notice in its place', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const js = testInfo.project.use.javaScriptEnabled !== false
  const community = await makePostsCommunity(`mute-${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  await signInWithSession(page, community.member.emailAddress)
  await page.goto(`/${community.slug}`)
  await page.getByLabel(text('posts:feed.messageLabel')).fill('Mel asks a question')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:flash.posted'))).toBeVisible()

  const adminContext = await browser.newContext({ javaScriptEnabled: js })
  const admin = await adminContext.newPage()
  await signInWithSession(admin, community.admin.emailAddress)
  await admin.goto(`/${community.slug}`)
  await postArticle(admin, 'Mel asks a question').getByLabel(text('posts:post.commentLabel')).fill('Ada answers loudly')
  await postArticle(admin, 'Mel asks a question')
    .getByRole('button', { name: text('posts:post.comment'), exact: true })
    .click()
  await expect(admin.getByText(text('posts:flash.commented'))).toBeVisible()
  await adminContext.close()

  // Mel mutes Ada from her contact page.
  await page.goto(`/${community.slug}/members`)
  await page
    .getByRole('link', { name: `${text('connections:actions.profile')} (${community.admin.name})`, exact: true })
    .click()
  await page.getByRole('button', { name: text('connections:actions.mute'), exact: true }).click()
  await expect(page.getByRole('button', { name: text('connections:actions.unmute'), exact: true })).toBeVisible()

  await page.goto(`/${community.slug}`)
  const post = postArticle(page, 'Mel asks a question')
  await expect(post.getByText(text('connections:notices.mutedComment'))).toBeVisible()
  await expect(post.getByText('Ada answers loudly')).toHaveCount(0)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'posts-muted-notice')
})
