// With JavaScript, the community home's feed follows its room live: a post made in one browser
// appears in another's open feed without a reload (the feed listens on /{brand}/feed/live?room=
// and re-reads its data on each event), and what the other person is typing stays.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { addPerson, signInWithSession, t, makeCommunityWithHub } from './support'

const text = (key: string) => t('en', key)

test('a post made in one browser shows up live in the other’s open feed', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const suffix = randomBytes(3).toString('hex')
  const slug = `feed-live-${suffix}`
  // A community with a hub room (a copy of the demo's), whose feed is the home page's.
  const { brandId } = await makeCommunityWithHub(slug, `Feed Live ${suffix}`, {
    slug: `hub-${suffix}`,
    name: 'Live Hub',
  })
  const ann = `ann.${suffix}@feed.hearth.test`
  const ben = `ben.${suffix}@feed.hearth.test`
  await addPerson(brandId, { name: 'Ann Feed', emailAddress: ann })
  await addPerson(brandId, { name: 'Ben Feed', emailAddress: ben })

  const benContext = await browser.newContext()
  const benPage = await benContext.newPage()
  await signInWithSession(benPage, ben)
  const listening = benPage.waitForResponse(
    (response) => response.url().includes(`/${slug}/feed/live?room=`) && response.status() === 200,
  )
  await benPage.goto(`/${slug}`)
  await expect(benPage.getByText(text('posts:feed.empty'))).toBeVisible()
  await listening
  let reloaded = false
  benPage.on('load', () => (reloaded = true))
  // Ben is halfway through a post of his own when Ann's arrives.
  await benPage.getByLabel(text('posts:feed.messageLabel')).fill('Ben is still typing')

  await signInWithSession(page, ann)
  await page.goto(`/${slug}`)
  await page.getByLabel(text('posts:feed.messageLabel')).fill('Hello from Ann, live')
  await page.getByRole('button', { name: text('posts:feed.publish') }).click()
  await expect(page.getByText(text('posts:flash.posted'))).toBeVisible()
  // Ann's own composer empties once her post went through.
  await expect(page.getByLabel(text('posts:feed.messageLabel'))).toHaveValue('')

  await expect(benPage.getByRole('article').filter({ hasText: 'Hello from Ann, live' })).toBeVisible({
    timeout: 10_000,
  })
  await expect(benPage.getByLabel(text('posts:feed.messageLabel'))).toHaveValue('Ben is still typing')
  expect(reloaded).toBe(false)
  await benContext.close()
})
