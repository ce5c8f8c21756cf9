// Sign-in by one-time code, the account switcher and sign-out, with and without JavaScript. The web
// server sends its mail to the run's SMTP server on loopback (global-setup.ts); the codes are read
// from the mail that arrived there, as a person would read them.
//
// Rate limits: every test comes from the same client address, in both projects. This file asks for
// 7 codes a project (14 a run; start-server.mjs raises the hourly per-address limit for the whole
// suite) and checks 10 a project (20 a run, of the 30 one address may check in 15 minutes). Each
// account gets at most 4 codes a run (5 allowed per 15 minutes).
import { expect, test, type Page } from '@playwright/test'
import {
  DEMO,
  accountArea,
  accountMenuButton,
  codeFromMail,
  collectErrors,
  expectAccessible,
  hasJavaScript,
  holdLock,
  openAccountMenu,
  t,
} from './support'

const [OWNER, ADMIN, MIA, NOAH] = DEMO.accounts

// One sign-in test at a time across both projects. On SQLite, two rate-limit counts at the same
// moment (app/lib/platform/rate-limit.server.ts: a read-then-write transaction on a connection of its own,
// without busy_timeout) fail with SQLITE_BUSY and the request answers 500. Waiting for the other
// project's test counts against this one's time, hence the longer timeout.
let release: (() => void) | undefined
test.describe.configure({ timeout: 120_000 })
test.beforeEach(async () => {
  release = await holdLock('sign-in-spec')
})
test.afterEach(() => {
  release?.()
  release = undefined
})

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

/** Opens the sign-in page from the demo community's header, coming back there afterwards. */
async function openSignIn(page: Page) {
  expect((await page.goto(`/${DEMO.slug}`))?.status()).toBe(200)
  await page
    .getByRole('banner')
    .getByRole('link', { name: text('common:header.signIn') })
    .click()
  await expect(page).toHaveURL(`/sign-in?redirectTo=%2F${DEMO.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: text('auth:signIn.title') })).toBeVisible()
}

/** Types an identifier and asks for a code; the page moves on to the code step. */
async function sendCode(page: Page, identifier: string) {
  await page.getByLabel(text('auth:signIn.identifier')).fill(identifier)
  await page.getByRole('button', { name: text('auth:signIn.send') }).click()
}

async function expectCodeStep(page: Page, identifier: string) {
  await expect(page.getByRole('heading', { level: 1, name: text('auth:signIn.codeTitle') })).toBeVisible()
  await expect(page.getByText(text('auth:signIn.codeSent', { identifier }))).toBeVisible()
}

/** Asks for a code for `email` and returns it, read from the mail that arrived. */
async function requestCode(page: Page, email: string) {
  return codeFromMail(email, async () => {
    await sendCode(page, email)
    await expectCodeStep(page, email)
  })
}

/**
 * Types a code and submits it, waiting for the server's answer: a wrong code leaves the page as it
 * was (the same alert), so nothing on the page says the next attempt may begin.
 */
async function enterCode(page: Page, code: string) {
  await page.getByLabel(text('auth:signIn.code')).fill(code)
  // Hydrated, Remix posts to /sign-in.data (single fetch); without JavaScript the form to /sign-in.
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /^\/sign-in(\.data)?$/.test(new URL(response.url()).pathname),
  )
  await page.getByRole('button', { name: text('auth:signIn.verify'), exact: true }).click()
  await answered
}

/** The whole sign-in from the demo community's header, landing back on it. */
async function signIn(page: Page, email: string) {
  await openSignIn(page)
  await enterCode(page, await requestCode(page, email))
  await expect(page).toHaveURL(`/${DEMO.slug}`)
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(accountMenuButton(page)).toHaveText(name)
  const menu = await openAccountMenu(page)
  await expect(menu.getByText(text('common:accountMenu.signedInAs', { name }))).toBeVisible()
  return menu
}

async function expectSignedOut(page: Page) {
  await expect(accountArea(page).getByRole('link', { name: text('common:header.signIn') })).toBeVisible()
  await expect(accountMenuButton(page)).toHaveCount(0)
}

const invalidCode = (page: Page) => page.getByRole('alert').filter({ hasText: text('auth:errors.invalidCode') })

/** Console errors other than the browser's note on a 4xx answer (the failures these tests cause). */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource: the server responded with a status of 40\d/.test(error))

test('signed out, the header offers Sign up beside Sign in where there is a way to join', async ({ page }) => {
  const signUp = accountArea(page).getByRole('link', { name: text('common:header.signUp') })
  // The demo keeps its sign-up link to those it hands it to: nothing to offer there.
  await page.goto(`/${DEMO.slug}`)
  await expectSignedOut(page)
  await expect(signUp).toHaveCount(0)
  // Outside any community, sign-up is creating one or claiming a room.
  await page.goto('/sign-in')
  await signUp.click()
  await expect(page).toHaveURL('/register')
  await expect(page).toHaveTitle(new RegExp(text('auth:register.title')))
})

test('signs in by email with the code from the mail, lands back on the community, and signs out', async ({ page }) => {
  const errors = collectErrors(page)
  await openSignIn(page)
  await expectAccessible(page)

  const code = await requestCode(page, MIA.emailAddress)
  expect(code).toMatch(/^\d{6}$/)
  await expect(page).toHaveURL(`/sign-in?redirectTo=%2F${DEMO.slug}`)
  await expectAccessible(page)

  await enterCode(page, code)
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO.name}` })).toBeVisible()
  const menu = await expectSignedInAs(page, MIA.name)
  await expect(menu.getByRole('link', { name: text('common:accountMenu.addAccount') })).toHaveAttribute(
    'href',
    `/sign-in?redirectTo=%2F${DEMO.slug}`,
  )
  // Nobody else is signed in here, so there is nobody to switch to.
  await expect(menu.getByRole('button', { name: /^Switch to / })).toHaveCount(0)
  await expectAccessible(page)

  await menu.getByRole('button', { name: text('common:accountMenu.signOut') }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedOut(page)
  await expectAccessible(page)
  expect(unexpected(errors)).toEqual([])
})

test('a wrong code shows "This code is either invalid or has expired."; 5 kill the code, the right one then fails too, until a new code is sent', async ({
  page,
}) => {
  await openSignIn(page)
  const code = await requestCode(page, NOAH.emailAddress)
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  await enterCode(page, wrong)
  await expect(invalidCode(page)).toBeVisible()
  // Still the code step, still signed out.
  await expectCodeStep(page, NOAH.emailAddress)
  await expectSignedOut(page)
  await expectAccessible(page)

  for (let attempt = 2; attempt <= 5; attempt++) {
    await enterCode(page, wrong)
    await expect(invalidCode(page)).toBeVisible()
  }
  await enterCode(page, code)
  await expect(invalidCode(page)).toBeVisible()
  await expectCodeStep(page, NOAH.emailAddress)
  await expect(page).toHaveURL(`/sign-in?redirectTo=%2F${DEMO.slug}`)
  await expectSignedOut(page)
  await expectAccessible(page)

  // "Resend code" mails a new one, which signs in.
  const fresh = await codeFromMail(NOAH.emailAddress, async () => {
    await page.getByRole('button', { name: text('auth:signIn.resend') }).click()
    await expect(invalidCode(page)).toHaveCount(0)
    await expectCodeStep(page, NOAH.emailAddress)
  })
  await enterCode(page, fresh)
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedInAs(page, NOAH.name)
})

test('an unknown email address or phone number gives "Account not found!" with Cancel and Retry', async ({ page }) => {
  await openSignIn(page)
  await sendCode(page, 'nobody@demo.hearth.test')
  const alert = page.getByRole('alert')
  await expect(alert.getByText(text('auth:errors.accountNotFound'))).toBeVisible()
  await expect(alert.getByText(text('auth:errors.accountNotFoundAdvice'))).toBeVisible()
  await expect(alert.getByRole('link', { name: text('auth:errors.retry') })).toHaveAttribute('href', '#send-code')
  await expect(alert.getByRole('link', { name: text('auth:signIn.signUp') })).toHaveAttribute('href', '/register')
  // Still the first step, with what was typed kept.
  await expect(page.getByRole('heading', { level: 1, name: text('auth:signIn.title') })).toBeVisible()
  await expect(page.getByLabel(text('auth:signIn.identifier'))).toHaveValue('nobody@demo.hearth.test')
  await expectAccessible(page)

  // Cancel starts over on an empty sign-in page that still comes back to the community.
  await alert.getByRole('button', { name: text('auth:errors.cancel') }).click()
  await expect(page).toHaveURL(`/sign-in?redirectTo=%2F${DEMO.slug}`)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByLabel(text('auth:signIn.identifier'))).toHaveValue('')

  // No demo account has a phone number: any mobile number is unknown too.
  await page.getByLabel(text('auth:signIn.country')).selectOption('US')
  await sendCode(page, '(415) 555-0199')
  await expect(page.getByRole('alert').getByText(text('auth:errors.accountNotFound'))).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: text('auth:signIn.title') })).toBeVisible()
  await expectAccessible(page)

  // Retry goes back to the form.
  await page
    .getByRole('alert')
    .getByRole('link', { name: text('auth:errors.retry') })
    .click()
  await expect(page).toHaveURL(/#send-code$/)
})

test('an empty or meaningless identifier is refused with a field error, and nothing is sent', async ({
  page,
}, testInfo) => {
  await openSignIn(page)
  const field = page.getByLabel(text('auth:signIn.identifier'))
  await expect(field).toHaveAttribute('required', '')
  await page.getByRole('button', { name: text('auth:signIn.send') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('auth:signIn.title') })).toBeVisible()
  if (hasJavaScript(testInfo)) {
    // Hydrated, the form leaves validation to the server, which answers with the field's error.
    await expect(page.getByText(text('auth:errors.identifierRequired'))).toBeVisible()
  } else {
    // Without JavaScript the browser itself refuses the empty required field.
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
  }

  // Leaving the field posts nothing: only Send does. (Revalidating on blur posted the form, and
  // that answer could overtake Send's, losing its error.)
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  await field.fill('owner')
  await field.press('Tab')
  await page.waitForTimeout(500)
  expect(posts).toEqual([])

  // Something that is neither an email address nor a phone number comes back with a field error.
  await page.getByRole('button', { name: text('auth:signIn.send') }).click()
  await expect(page.getByText(text('auth:errors.identifierInvalid'))).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveValue('owner')
  expect(posts).toHaveLength(1)
  await expectAccessible(page)
})

test('two accounts in one browser: sign in another account, switch between them, sign out one at a time', async ({
  page,
}) => {
  await signIn(page, OWNER.emailAddress)
  let menu = await expectSignedInAs(page, OWNER.name)

  // "Sign in another account" goes through sign-in again and comes back here.
  await menu.getByRole('link', { name: text('common:accountMenu.addAccount') }).click()
  await expect(page).toHaveURL(`/sign-in?redirectTo=%2F${DEMO.slug}`)
  // The first account is still signed in while the second signs in.
  await expect(accountMenuButton(page)).toHaveText(OWNER.name)
  await enterCode(page, await requestCode(page, ADMIN.emailAddress))
  await expect(page).toHaveURL(`/${DEMO.slug}`)

  menu = await expectSignedInAs(page, ADMIN.name)
  await expect(menu.getByRole('button', { name: /^Switch to / })).toHaveText([
    text('common:accountMenu.switchTo', { name: OWNER.name }),
  ])
  await expectAccessible(page)

  await menu.getByRole('button', { name: text('common:accountMenu.switchTo', { name: OWNER.name }) }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  menu = await expectSignedInAs(page, OWNER.name)
  await expect(menu.getByRole('button', { name: /^Switch to / })).toHaveText([
    text('common:accountMenu.switchTo', { name: ADMIN.name }),
  ])

  // Signing out the current account leaves the other one signed in.
  await menu.getByRole('button', { name: text('common:accountMenu.signOut') }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  menu = await expectSignedInAs(page, ADMIN.name)
  await expect(menu.getByRole('button', { name: /^Switch to / })).toHaveCount(0)

  await menu.getByRole('button', { name: text('common:accountMenu.signOut') }).click()
  await expectSignedOut(page)
  await expectAccessible(page)
})
