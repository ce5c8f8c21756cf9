// The status and end pages: what they say, where their links go, what they answer, and axe.
import { expect, test, type Page } from '@playwright/test'
import { DEMO, expectAccessible, t } from './support'

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })
const homeLink = (page: Page) => page.getByRole('main').getByRole('link', { name: t('en', 'common:actions.goHome') })

const SIMPLE_PAGES = [
  { path: '/community-not-found', section: 'communityNotFound', status: 404 },
  { path: '/thanks', section: 'thanks', status: 200 },
  { path: '/thank-you', section: 'thankYou', status: 200 },
  { path: '/extension-uninstalled', section: 'extensionUninstalled', status: 200 },
  { path: '/signup-error', section: 'signupError', status: 200 },
]

for (const { path, section, status } of SIMPLE_PAGES) {
  test(`${path} answers ${status} with its title, message and a way home`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(status)
    await expect(heading(page, t('en', `pages:${section}.title`))).toBeVisible()
    await expect(page.getByText(t('en', `pages:${section}.message`), { exact: true })).toBeVisible()
    await expect(homeLink(page)).toHaveAttribute('href', '/')
    await expectAccessible(page)
  })
}

test.describe('/private', () => {
  test('asks the visitor to sign in', async ({ page }) => {
    expect((await page.goto('/private'))?.status()).toBe(200)
    await expect(heading(page, t('en', 'pages:private.title'))).toBeVisible()
    await expect(page.getByText(t('en', 'pages:private.message'))).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: t('en', 'pages:private.signIn') })).toHaveAttribute(
      'href',
      '/sign-in',
    )
    await expectAccessible(page)
  })

  test('the sign-in link returns to the private page afterwards', async ({ page }) => {
    await page.goto('/private?redirectTo=%2Fdemo%2Fmembers')
    await expect(page.getByRole('main').getByRole('link', { name: t('en', 'pages:private.signIn') })).toHaveAttribute(
      'href',
      '/sign-in?redirectTo=%2Fdemo%2Fmembers',
    )
  })

  test('the sign-in link never carries another origin', async ({ page }) => {
    await page.goto('/private?redirectTo=https%3A%2F%2Fevil.example%2F')
    await expect(page.getByRole('main').getByRole('link', { name: t('en', 'pages:private.signIn') })).toHaveAttribute(
      'href',
      '/sign-in',
    )
  })
})

test.describe('/hub/thank-you?community=demo', () => {
  test('names the room and offers to rejoin it in its community', async ({ page }) => {
    expect((await page.goto(`/hub/thank-you?community=${DEMO.slug}`))?.status()).toBe(200)
    await expect(heading(page, t('en', 'pages:roomThankYou.title', { room: DEMO.hubName }))).toBeVisible()
    await expect(page.getByText(t('en', 'pages:roomThankYou.message'))).toBeVisible()
    await expect(
      page.getByRole('link', { name: t('en', 'pages:roomThankYou.rejoin', { room: DEMO.hubName }) }),
    ).toHaveAttribute('href', `/${DEMO.slug}/hub`)
    await expect(homeLink(page)).toHaveAttribute('href', '/')
    await expectAccessible(page)
  })

  test('an unknown room still thanks the visitor, without a rejoin link', async ({ page }) => {
    await page.goto(`/no-such-room/thank-you?community=${DEMO.slug}`)
    await expect(heading(page, t('en', 'pages:roomThankYou.title', { room: 'no-such-room' }))).toBeVisible()
    await expect(page.getByRole('link', { name: /^Rejoin/ })).toHaveCount(0)
    await expect(homeLink(page)).toBeVisible()
  })

  test('a room a guest may not enter is not named to them', async ({ page }) => {
    await page.goto(`/book-club/thank-you?community=${DEMO.slug}`)
    await expect(heading(page, t('en', 'pages:roomThankYou.title', { room: 'book-club' }))).toBeVisible()
    await expect(page.getByText(DEMO.group)).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Rejoin/ })).toHaveCount(0)
  })
})

test('/kicked tells the participant the host removed them', async ({ page }) => {
  expect((await page.goto('/kicked'))?.status()).toBe(200)
  await expect(heading(page, 'Oh Snap! You have been kicked by the Host.')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('You have been kicked from the meeting.')
  await expect(page.getByText('You were kicked out by the Host', { exact: true })).toBeVisible()
  await expect(homeLink(page)).toHaveAttribute('href', '/')
  await expectAccessible(page)
})

test.describe('/connection-error', () => {
  test('explains the connection problem and offers to try again', async ({ page }) => {
    expect((await page.goto('/connection-error'))?.status()).toBe(200)
    await expect(heading(page, 'We could not connect to the server')).toBeVisible()
    await expect(
      page.getByText('The server could not be reached. Please check your network settings.', { exact: true }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Not connected', exact: true })).toBeVisible()
    await expect(
      page.getByText(
        'A connection to the server could not be established. Please wait while we attempt to reconnect.',
        { exact: true },
      ),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: t('en', 'common:actions.tryAgain') })).toHaveAttribute('href', '/')
    await expectAccessible(page)
  })

  test('"Try again" returns to the page the meeting came from, on this site only', async ({ page }) => {
    await page.goto('/connection-error?redirectTo=%2Fdemo%2Fhub')
    await expect(page.getByRole('link', { name: t('en', 'common:actions.tryAgain') })).toHaveAttribute(
      'href',
      '/demo/hub',
    )
    await page.goto('/connection-error?redirectTo=%2F%2Fevil.example')
    await expect(page.getByRole('link', { name: t('en', 'common:actions.tryAgain') })).toHaveAttribute('href', '/')
  })
})

test('/unsupported-device lists the supported browsers', async ({ page }) => {
  expect((await page.goto('/unsupported-device'))?.status()).toBe(200)
  await expect(heading(page, t('en', 'pages:unsupportedDevice.title'))).toBeVisible()
  await expect(page.getByText(t('en', 'pages:unsupportedDevice.message'))).toBeVisible()
  const minimums = page.getByRole('main').getByRole('listitem')
  await expect(minimums).toHaveCount(19)
  await expect(minimums.filter({ hasText: 'Chrome 23 or newer on Windows' })).toHaveCount(1)
  await expect(minimums.filter({ hasText: 'Safari 11 or newer on iOS' })).toHaveCount(1)
  // The test browser (Chromium on Linux) is not in the table, so nothing is named as detected.
  await expect(page.getByText(/^We detected/)).toHaveCount(0)
  await expectAccessible(page)
})

test('/wait says one moment and goes on to its page by itself, with or without JavaScript', async ({ page }) => {
  expect((await page.goto(`/wait?redirectTo=%2F${DEMO.slug}`))?.status()).toBe(200)
  await expect(heading(page, t('en', 'pages:wait.title'))).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(t('en', 'pages:wait.message'))
  // No axe scan here: the page leaves within a second (the status page it is built on is scanned above).
  await page.waitForURL(`/${DEMO.slug}`)
})
