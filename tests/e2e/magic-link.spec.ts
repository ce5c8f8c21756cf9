// The sign-in link in the code mail (ml/{id}): it signs in once and lands where the sign-in was
// headed; a spent or unknown link asks whether to sign in (Yes or Cancel), with JavaScript on and off.
import { expect, test, type Page } from '@playwright/test'
import { DEMO, expectAccessible, hasJavaScript, holdLock, lastMailSeq, mailsTo, t, type Language } from './support'

const LUCIA = DEMO.accounts[4]

/** Asks for a sign-in mail headed for `redirectTo` and returns the /ml/{id} link it carries. */
async function mailedLink(page: Page, emailAddress: string, redirectTo: string): Promise<string> {
  const release = await holdLock(`mailbox-${emailAddress}`, { waitMs: 60_000, staleMs: 30_000 })
  try {
    const before = lastMailSeq(emailAddress)
    await page.goto(`/sign-in?redirectTo=${encodeURIComponent(redirectTo)}`)
    await page.getByLabel(t('en', 'auth:signIn.identifier')).fill(emailAddress)
    await page.getByRole('button', { name: t('en', 'auth:signIn.send') }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'auth:signIn.codeTitle') })).toBeVisible()
    await expect.poll(() => mailsTo(emailAddress).filter((mail) => mail.seq > before).length).toBeGreaterThan(0)
    const mail = mailsTo(emailAddress)
      .filter((each) => each.seq > before)
      .at(-1)!
    const link = /https?:\/\/\S+?\/ml\/[\w-]+/.exec(mail.text ?? '')?.[0]
    if (!link) throw new Error(`No sign-in link in "${mail.subject}"`)
    return new URL(link).pathname
  } finally {
    release()
  }
}

async function expectExpiredPrompt(page: Page, signInUrl: string, language: Language = 'en') {
  await expect(page.getByRole('heading', { level: 1, name: t(language, 'auth:magicLink.expiredTitle') })).toBeVisible()
  await expect(page.getByRole('link', { name: t(language, 'auth:magicLink.yes') })).toHaveAttribute('href', signInUrl)
  await expect(page.getByRole('link', { name: t(language, 'auth:magicLink.cancel') })).toHaveAttribute('href', '/')
}

test('a mailed sign-in link works once, then asks whether to sign in', async ({ page, browser }) => {
  const destination = `/${DEMO.slug}`
  const link = await mailedLink(page, LUCIA.emailAddress, destination)

  // Opened in another browser (the mail app's), it signs in and lands on the destination.
  const reader = await browser.newContext({ javaScriptEnabled: hasJavaScript(test.info()) })
  try {
    const readerPage = await reader.newPage()
    await readerPage.goto(link)
    await expect(readerPage).toHaveURL(destination)
    const account = readerPage.getByRole('navigation', { name: t('es', 'common:header.account') })
    await expect(account.locator('details.account-menu > summary')).toContainText(LUCIA.name)

    // Spent: the same link again asks, and Yes leads to sign-in headed for the same place.
    const again = await readerPage.goto(link)
    expect(again?.status()).toBe(410)
    const signInUrl = `/sign-in?redirectTo=${encodeURIComponent(destination)}`
    await expectExpiredPrompt(readerPage, signInUrl, 'es')
    await expectAccessible(readerPage)
    await readerPage.getByRole('link', { name: t('es', 'auth:magicLink.yes') }).click()
    await expect(readerPage).toHaveURL(signInUrl)
    await expect(readerPage.getByRole('heading', { level: 1, name: t('es', 'auth:signIn.title') })).toBeVisible()
  } finally {
    await reader.close()
  }
})

test('an unknown sign-in link asks too, and Cancel goes home', async ({ page }) => {
  const response = await page.goto('/ml/this-link-was-never-sent')
  expect(response?.status()).toBe(410)
  await expectExpiredPrompt(page, `/sign-in?redirectTo=${encodeURIComponent('/me')}`)
  await page.getByRole('link', { name: t('en', 'auth:magicLink.cancel') }).click()
  await expect(page).toHaveURL('/')
})
