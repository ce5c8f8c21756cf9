import { expect, test, type Page } from '@playwright/test'
import { codeFromMail, expectAccessible, t } from './support'

/** A sign-up page's text: `s('claim.check')` is t('en', 'signup:claim.check'). */
const s = (key: string, values: Record<string, string> = {}) => t('en', `signup:${key}`, values)

/** The claim form's first step: type a link, ask for it. */
async function askFor(page: Page, link: string) {
  await page.getByLabel(s('claim.roomLink')).fill(link)
  await page.getByRole('button', { name: s('claim.check') }).click()
}

/** A whole claim as a visitor, from the link to welcome-aboard. */
async function claimRoom(page: Page, link: string, fullName: string, email: string) {
  await page.goto('/register/room')
  await askFor(page, link)
  await expect(page.getByRole('heading', { level: 1, name: s('claim.detailsTitle') })).toBeVisible()
  await page.getByLabel(t('en', 'auth:register.fullName')).fill(fullName)
  await page.getByLabel(t('en', 'auth:register.email')).fill(email)
  const code = await codeFromMail(email, async () => {
    await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
    await expect(page.getByRole('heading', { level: 1, name: s('registered.title') })).toBeVisible()
  })
  await page.getByLabel(t('en', 'auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: s('registered.confirm') }).click()
  await expect(page).toHaveURL('/welcome-aboard')
}

test('claiming a personal room from /register ends on welcome-aboard with the new room', async ({ page }, testInfo) => {
  // Five pages, each checked with axe, and a code through the SMTP server: more than the default 30 s on a busy machine.
  test.setTimeout(120_000)
  const project = testInfo.project.name
  const fullName = 'Rita Room'
  const email = `rita-room-${project}@example.com`
  await page.goto('/register')
  await page.getByRole('link', { name: s('register.claimRoom') }).click()
  await expect(page).toHaveURL('/register/room')
  await expect(page.getByRole('heading', { level: 1, name: s('claim.title') })).toBeVisible()
  await expectAccessible(page)

  // A page of the product cannot be a room: the spec's message, and a free link to take instead.
  await askFor(page, 'settings')
  await expect(page.getByRole('alert')).toContainText(s('errors.notAvailable', { label: 'settings' }))
  await expect(page.getByRole('button', { name: /^Take settings-\d+$/ })).toBeVisible()
  await expectAccessible(page)

  await askFor(page, `Rita-${project}`)
  await expect(page.getByRole('heading', { level: 1, name: s('claim.detailsTitle') })).toBeVisible()
  await expect(page.getByText(`/me/rita-${project} is available`)).toBeVisible()
  await page.getByLabel(t('en', 'auth:register.fullName')).fill(fullName)
  await page.getByLabel(t('en', 'auth:register.email')).fill(email)
  const code = await codeFromMail(email, async () => {
    await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
    await expect(page.getByRole('heading', { level: 1, name: s('registered.title') })).toBeVisible()
  })
  await expect(page).toHaveURL(`/registered/rita-${project}`)
  await expectAccessible(page)
  await page.getByLabel(t('en', 'auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: s('registered.confirm') }).click()

  await expect(page).toHaveURL('/welcome-aboard')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('welcome.title', { name: fullName }))
  await expect(page.getByRole('link', { name: s('welcome.enterRoom') })).toHaveAttribute('href', `/me/rita-${project}`)
  await expect(page.locator('.account-menu summary')).toHaveText(fullName)
  await expectAccessible(page)
})

test('bad links and details come back with the reasons and what was typed', async ({ page }, testInfo) => {
  const project = testInfo.project.name
  await page.goto('/register/room')
  for (const [typed, reason] of [
    ['a', 'linkTooShort'],
    ['-room', 'linkStart'],
    ['my room', 'linkCharacters'],
  ] as const) {
    await askFor(page, typed)
    await expect(page.getByText(s(`errors.${reason}`))).toBeVisible()
    await expect(page.getByLabel(s('claim.roomLink'))).toHaveValue(typed)
  }
  await expectAccessible(page)

  await askFor(page, `bad-${project}`)
  await page.getByLabel(t('en', 'auth:register.fullName')).fill('Rita')
  await page.getByLabel(t('en', 'auth:register.email')).fill('not-an-email')
  await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
  await expect(page.getByText(t('en', 'auth:errors.fullNameRequired'))).toBeVisible()
  await expect(page.getByText(t('en', 'auth:errors.emailRequired'))).toBeVisible()
  await expect(page.getByLabel(t('en', 'auth:register.fullName'))).toHaveValue('Rita')
  await expect(page.getByLabel(t('en', 'auth:register.email'))).toHaveValue('not-an-email')
  await expectAccessible(page)

  // Another link after all: back to the first step, the link still filled in.
  await page.getByRole('button', { name: s('claim.changeLink') }).click()
  await expect(page.getByLabel(s('claim.roomLink'))).toHaveValue(`bad-${project}`)
})

test('a claimed link offers a free one in one click, and its status page a way to sign in', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name
  await claimRoom(page, `kim-${project}`, 'Kim Taken', `kim-${project}@example.com`)
  await page.context().clearCookies()

  await page.goto('/register/room')
  await askFor(page, `Kim-${project}`)
  await expect(page.getByRole('alert')).toContainText(s('errors.notAvailable', { label: `Kim-${project}` }))
  await page.getByRole('button', { name: s('errors.takeSuggestion', { suggestion: `kim-${project}-2` }) }).click()
  await expect(page.getByRole('heading', { level: 1, name: s('claim.detailsTitle') })).toBeVisible()
  await expect(page.getByText(`/me/kim-${project}-2 is available`)).toBeVisible()

  // A link handed to the claim form that somebody owns goes to its status page.
  // Wait for the claim to be dropped: with JavaScript the click is a fetch that may still be in flight.
  await page.getByRole('button', { name: s('claim.changeLink') }).click()
  await expect(page.getByLabel(s('claim.roomLink'))).toHaveValue(`kim-${project}-2`)
  await page.goto(`/register/room?slug=kim-${project}`)
  await expect(page).toHaveURL(`/kim-${project}/claimed`)
  await expect(page.getByRole('heading', { level: 1, name: s('claimed.title') })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: s('claimed.signIn') })).toHaveAttribute(
    'href',
    `/sign-in?redirectTo=${encodeURIComponent(`/me/kim-${project}`)}`,
  )
  await expectAccessible(page)

  await page.goto('/settings/reserved')
  await expect(page.getByRole('heading', { level: 1, name: s('reserved.title') })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Take settings-\d+$/ })).toBeVisible()
  await expectAccessible(page)
})

test("signing up through the demo's link waits for an admin's approval", async ({ page }, testInfo) => {
  const email = `sam-signup-${testInfo.project.name}@example.com`
  const path = '/demo/signup-try-the-demo'
  await page.goto(path)
  await expect(
    page.getByRole('heading', { level: 1, name: s('selfSignup.heading', { community: 'Hearth Demo' }) }),
  ).toBeVisible()
  // The demo is public, and public communities moderate new members.
  await expect(page.getByText(s('selfSignup.introModerated'))).toBeVisible()
  await expectAccessible(page)

  await page.getByLabel(t('en', 'auth:register.fullName')).fill('Sam')
  await page.getByLabel(t('en', 'auth:register.email')).fill('nope')
  await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
  await expect(page.getByText(t('en', 'auth:errors.fullNameRequired'))).toBeVisible()
  await expect(page.getByLabel(t('en', 'auth:register.email'))).toHaveValue('nope')

  await page.getByLabel(t('en', 'auth:register.fullName')).fill('Sam Signup')
  await page.getByLabel(t('en', 'auth:register.email')).fill(email)
  const code = await codeFromMail(email, async () => {
    await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
    await expect(page.getByText(s('selfSignup.codeSent', { email, community: 'Hearth Demo' }))).toBeVisible()
  })
  await expectAccessible(page)
  await page.getByLabel(t('en', 'auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: s('selfSignup.confirm') }).click()

  await expect(page).toHaveURL('/demo/signup-successful')
  await expect(page.getByRole('heading', { level: 1, name: s('successful.title') })).toBeVisible()
  await expect(page.getByText(s('successful.pending', { community: 'Hearth Demo' }))).toBeVisible()
  await expect(page.locator('.account-menu summary')).toHaveText('Sam Signup')
  await expectAccessible(page)
})

test('a sign-up link the community did not issue is a 404, and a failed sign-in offers a retry', async ({ page }) => {
  const response = await page.goto('/demo/signup-not-the-link')
  expect(response?.status()).toBe(404)

  await page.goto('/demo/signin-error')
  await expect(page.getByRole('heading', { level: 1, name: s('signinError.title') })).toBeVisible()
  await expect(page.getByText(s('signinError.message', { community: 'Hearth Demo' }))).toBeVisible()
  await expect(page.getByRole('link', { name: s('signinError.retry') })).toHaveAttribute(
    'href',
    '/sign-in?redirectTo=%2Fdemo',
  )
  await expectAccessible(page)
})
