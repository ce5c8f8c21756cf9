// With JavaScript, a message arrives in the other member's open conversation without a reload
// (the page listens on /{brand}/messages/live and re-reads its data when a message comes in).
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { addPerson, makeCommunity, signInWithSession, t } from './support'

const text = (key: string) => t('en', key)

test('a message shows up live in the other browser', async ({ page, browser }) => {
  test.setTimeout(90_000)
  const suffix = randomBytes(3).toString('hex')
  const slug = `messages-live-${suffix}`
  const brandId = await makeCommunity(slug, `Messages Live ${suffix}`)
  const ann = `ann.${suffix}@live.hearth.test`
  const ben = `ben.${suffix}@live.hearth.test`
  await addPerson(brandId, { name: 'Ann Live', emailAddress: ann })
  await addPerson(brandId, { name: 'Ben Live', emailAddress: ben })

  await signInWithSession(page, ann)
  await page.goto(`/${slug}/messages/new`)
  await page.getByLabel('Ben Live').check()
  await page.getByRole('textbox', { name: text('messages:form.body'), exact: true }).fill('First, by hand')
  await page.getByRole('button', { name: text('messages:form.send') }).click()
  await expect(page.getByText(text('messages:flash.sent'))).toBeVisible()
  const conversation = page.url()

  const benContext = await browser.newContext()
  const benPage = await benContext.newPage()
  await signInWithSession(benPage, ben)
  // Ben's page is listening before Ann writes again.
  const listening = benPage.waitForResponse(
    (response) => response.url().endsWith(`/${slug}/messages/live`) && response.status() === 200,
  )
  await benPage.goto(conversation)
  await expect(benPage.getByText('First, by hand')).toBeVisible()
  await listening
  let reloaded = false
  benPage.on('load', () => (reloaded = true))

  await page.getByRole('textbox', { name: text('messages:form.reply'), exact: true }).fill('And this one live')
  await page.getByRole('button', { name: text('messages:form.send') }).click()
  await expect(page.getByText(text('messages:flash.sent'))).toBeVisible()

  await expect(benPage.getByText('And this one live')).toBeVisible({ timeout: 10_000 })
  expect(reloaded).toBe(false)
  await benContext.close()
})
