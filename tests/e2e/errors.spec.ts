// Where wrong turns lead: unknown paths and communities, old hash links, and browsers too old for meetings.
import { expect, test } from '@playwright/test'
import { DEMO, expectAccessible, hasJavaScript, t } from './support'

test.describe('not found', () => {
  test('an unknown path answers 404 and names it', async ({ page }) => {
    const response = await page.goto('/a/b/c')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found', exact: true })).toBeVisible()
    await expect(page.getByText(t('en', 'common:errors.notFound.message', { path: '/a/b/c' }))).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: t('en', 'common:actions.goHome') })).toHaveAttribute(
      'href',
      '/',
    )
    await expect(page).toHaveTitle(/Page not found/)
    await expectAccessible(page)
  })

  test('an unknown community goes to /community-not-found, which answers 404', async ({ page }) => {
    const response = await page.goto('/no-such-community')
    await expect(page).toHaveURL('/community-not-found')
    expect(response?.status()).toBe(404)
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/no-such-community$/)
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:communityNotFound.title') })).toBeVisible()
    await expectAccessible(page)
  })
})

test.describe('old hash links', () => {
  test('/#/demo lands on /demo', async ({ page }, testInfo) => {
    await page.goto('/#/demo')
    if (hasJavaScript(testInfo)) {
      await expect(page).toHaveURL(`/${DEMO.slug}`)
      await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO.name}` })).toBeVisible()
    } else {
      // The fragment never reaches the server, and nothing in the page may act on it without
      // JavaScript: the landing page must still render, with its link to the demo.
      await expect(page).toHaveURL('/#/demo')
      await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:home.tagline') })).toBeVisible()
      await expect(page.getByRole('link', { name: t('en', 'pages:home.demo') })).toHaveAttribute(
        'href',
        `/${DEMO.slug}`,
      )
    }
  })

  test('an ordinary fragment on the landing page stays put', async ({ page }) => {
    await page.goto('/#main')
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:home.tagline') })).toBeVisible()
    await expect(page).toHaveURL('/#main')
  })
})

test.describe('unsupported devices', () => {
  const CHROME_22_WINDOWS =
    'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.1 (KHTML, like Gecko) Chrome/22.0.1229.94 Safari/537.1'
  const CHROME_23_WINDOWS =
    'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.11 (KHTML, like Gecko) Chrome/23.0.1271.64 Safari/537.11'

  test.describe('Chrome 22 on Windows', () => {
    test.use({ userAgent: CHROME_22_WINDOWS })

    test('is sent from the community to /unsupported-device, which names the browser', async ({ page }) => {
      await page.goto(`/${DEMO.slug}`)
      await expect(page).toHaveURL('/unsupported-device')
      await expect(
        page.getByRole('heading', { level: 1, name: t('en', 'pages:unsupportedDevice.title') }),
      ).toBeVisible()
      await expect(page.getByText('We detected Chrome 22 on Windows.', { exact: true })).toBeVisible()
      await expect(page.getByRole('listitem').filter({ hasText: 'Chrome 23 or newer on Windows' })).toBeVisible()
      await expectAccessible(page)
    })

    test('is sent there from any page', async ({ page }) => {
      await page.goto('/kicked')
      await expect(page).toHaveURL('/unsupported-device')
    })
  })

  test.describe('Chrome 23 on Windows (the minimum)', () => {
    test.use({ userAgent: CHROME_23_WINDOWS })

    test('reaches the community', async ({ page }) => {
      await page.goto(`/${DEMO.slug}`)
      await expect(page).toHaveURL(`/${DEMO.slug}`)
      await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO.name}` })).toBeVisible()
    })
  })
})
