// Social sign-in with and without JavaScript: the provider button on /sign-in goes to the run's
// OAuth2/OIDC provider on loopback (oauth2-mock-server, started by global-setup.ts), which approves
// at once and sends the browser back to /connect/loopback with a code; the person lands signed in.
// Who they are at the provider is a cookie on the provider's origin (tests/support/oauth-provider.ts),
// different per project, so the two projects never sign in as one person at the same time.
import { expect, test, type BrowserContext, type Page, type TestInfo } from '@playwright/test'
import { PROFILE_COOKIE, encodeProfile, type ProviderProfile } from '../support/oauth-provider'
import { DEMO, accountArea, collectErrors, expectAccessible, t } from './support'

const PROVIDER_LABEL = 'Loopback' // OAUTH_LOOPBACK_LABEL in start-server.mjs
const PROVIDER_URL = `http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const providerButton = (page: Page) =>
  page.getByRole('link', { name: text('auth:connect.continueWith', { provider: PROVIDER_LABEL }) })

/** Makes the browser someone signed in at the provider. */
async function beAtProvider(context: BrowserContext, profile: ProviderProfile) {
  await context.addCookies([{ name: PROFILE_COOKIE, value: encodeProfile(profile), url: PROVIDER_URL }])
}

/** A person only this project and test uses. */
function person(testInfo: TestInfo, name: string, overrides: Partial<ProviderProfile> = {}): ProviderProfile {
  const id = `${testInfo.project.name}-${name.toLowerCase().replace(/\W+/g, '-')}`
  return { sub: `e2e-${id}`, email: `${id}@provider.test`, email_verified: true, name, ...overrides }
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(accountArea(page).locator('details.account-menu > summary')).toHaveText(name)
}

test('a new person signs in with the provider and lands on /me', async ({ page, context }, testInfo) => {
  const errors = collectErrors(page)
  const profile = person(testInfo, 'Priya Provider')
  await beAtProvider(context, profile)

  expect((await page.goto('/sign-in'))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 2, name: text('auth:connect.heading') })).toBeVisible()
  await expect(providerButton(page)).toHaveAttribute('href', '/connect/loopback')
  await expectAccessible(page)

  await providerButton(page).click()
  await expect(page).toHaveURL('/me')
  await expect(page.getByRole('heading', { level: 1, name: text('account:me.title') })).toBeVisible()
  await expectSignedInAs(page, profile.name!)
  expect(errors).toEqual([])
})

test('a member signs in with the provider by their verified address and comes back where they were', async ({
  page,
  context,
}, testInfo) => {
  // A demo member per project: the address links the provider's account to theirs.
  const member = DEMO.accounts.find(
    (account) =>
      account.emailAddress === (testInfo.project.name === 'js' ? 'mia@demo.hearth.test' : 'noah@demo.hearth.test'),
  )!
  await beAtProvider(context, person(testInfo, 'Someone at the provider', { email: member.emailAddress.toUpperCase() }))

  await page.goto(`/${DEMO.slug}`)
  await page
    .getByRole('banner')
    .getByRole('link', { name: text('common:header.signIn') })
    .click()
  await expect(page).toHaveURL(`/sign-in?redirectTo=%2F${DEMO.slug}`)
  await expect(providerButton(page)).toHaveAttribute('href', `/connect/loopback?redirectTo=%2F${DEMO.slug}`)
  await providerButton(page).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedInAs(page, member.name)
})

test('a provider account without a verified address comes back to sign-in with a try-again message', async ({
  page,
  context,
}, testInfo) => {
  await beAtProvider(context, person(testInfo, 'Una Verified', { email_verified: false }))
  await page.goto('/sign-in')
  const landed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/sign-in' && new URL(response.url()).searchParams.has('connect'),
  )
  await providerButton(page).click()
  expect((await landed).status()).toBe(401)

  const alert = page.getByRole('alert')
  await expect(alert).toContainText(text('auth:connect.emailUnverified', { provider: PROVIDER_LABEL }))
  await expect(
    alert.getByRole('link', { name: text('auth:connect.retry', { provider: PROVIDER_LABEL }) }),
  ).toHaveAttribute('href', '/connect/loopback')
  await expect(accountArea(page).getByRole('link', { name: text('common:header.signIn') })).toBeVisible()
  await expectAccessible(page)
})

test('a provider that is not configured is a 404', async ({ page }) => {
  expect((await page.goto('/connect/nowhere'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: text('common:errors.notFound.title') })).toBeVisible()
})
