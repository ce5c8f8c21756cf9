// Phone numbers and address changes, with and without JavaScript: a new owner (created through
// /register, so no other test shares the account) adds a mobile phone in /me/settings with the code
// texted to it, signs out, and signs back in by phone, resending the code once; another changes
// the email address with the code mailed to the new one. The e2e server has no SMS provider, so
// texts land in the dev outbox (/dev), where these tests read them; mail goes to the run's SMTP
// server (global-setup.ts).
import { expect, test, type Page } from '@playwright/test'
import { codeFromMail, codeFromOutbox, collectErrors, expectAccessible, hasJavaScript, screenshot, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

// Registration, the phone change and two sign-ins: more than the default 30 seconds.
test.describe.configure({ timeout: 120_000 })

/** A person per project and test, so the two projects never share an account or a number. */
function person(project: string, test: 'phone' | 'email') {
  const digit = (project === 'js' ? 1 : 2) + (test === 'email' ? 2 : 0)
  return {
    fullName: `Phoebe ${test === 'phone' ? 'Phone' : 'Post'}`,
    email: `phoebe-${test}-${project}@example.com`,
    newEmail: `phoebe-${test}-${project}-new@example.com`,
    community: `Phoebe ${test} ${project} Circle`,
    // North American numbers in the 555-01xx range, typed as a person would.
    typedPhone: `(415) 555-014${digit}`,
    e164: `+1415555014${digit}`,
    international: `+1 415 555 014${digit}`,
  }
}

/** Creates a community from scratch, which signs its owner in; returns its address. */
async function registerOwner(page: Page, who: ReturnType<typeof person>) {
  await page.goto('/register')
  await page.getByLabel(text('auth:register.fullName')).fill(who.fullName)
  await page.getByLabel(text('auth:register.email')).fill(who.email)
  await page.getByLabel(text('auth:register.communityName')).fill(who.community)
  const code = await codeFromMail(who.email, async () => {
    await page.getByRole('button', { name: text('auth:register.continue') }).click()
    await expect(page.getByRole('heading', { level: 1, name: text('auth:register.codeTitle') })).toBeVisible()
  })
  await page.getByLabel(text('auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: text('auth:register.create') }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('pages:community.welcome', { name: who.community }),
  )
}

const menuSummary = (page: Page) =>
  page.getByRole('navigation', { name: text('common:header.account') }).locator('details.account-menu > summary')

async function signOut(page: Page) {
  const details = page.locator('details.account-menu')
  if ((await details.getAttribute('open')) === null) await menuSummary(page).click()
  await page.getByRole('button', { name: text('common:accountMenu.signOut') }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: text('common:header.signIn') })).toBeVisible()
}

const contactSection = (page: Page) => page.getByRole('region', { name: text('account:settings.contact.heading') })

test('adds a mobile phone in settings with the texted code, then signs in by phone (resending once)', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page)
  const who = person(testInfo.project.name, 'phone')
  await registerOwner(page, who)

  // The account menu's accessible name starts with the name it shows.
  await expect(menuSummary(page)).toHaveText(who.fullName)
  await expect(menuSummary(page)).toHaveAccessibleName(text('common:accountMenu.summary', { name: who.fullName }))

  await page.goto('/me/settings')
  const contact = contactSection(page)
  await expect(contact.getByText(`${text('account:settings.contact.email')}: ${who.email}`)).toBeVisible()
  await expect(
    contact.getByText(`${text('account:settings.contact.phone')}: ${text('account:settings.contact.none')}`),
  ).toBeVisible()

  // Not a mobile number: the reason, and what was typed kept.
  const phone = contact.getByLabel(text('account:settings.contact.newPhone'))
  const sendPhone = contact.getByRole('button', { name: text('account:settings.contact.sendPhoneCode') })
  await phone.fill('555 12')
  await sendPhone.click()
  await expect(contact.getByText(text('account:errors.phoneInvalid'))).toBeVisible()
  await expect(contact.getByLabel(text('account:settings.contact.newPhone'))).toHaveValue('555 12')
  await expect(contact.getByLabel(text('account:settings.contact.newPhone'))).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  // A real one, read in the chosen country (the picker defaults to the browser's region, US here).
  await expect(contact.getByLabel(text('account:settings.contact.country'))).toHaveValue('US')
  await contact.getByLabel(text('account:settings.contact.newPhone')).fill(who.typedPhone)
  const code = await codeFromOutbox(page, who.e164, async () => {
    await contact.getByRole('button', { name: text('account:settings.contact.sendPhoneCode') }).click()
    await expect(
      contact.getByRole('heading', { name: text('account:settings.contact.confirmPhoneTitle') }),
    ).toBeVisible()
  })
  await expect(
    contact.getByText(text('account:settings.contact.codeSent', { identifier: who.international })),
  ).toBeVisible()
  // Nothing changes until the code is back.
  await expect(
    contact.getByText(`${text('account:settings.contact.phone')}: ${text('account:settings.contact.none')}`),
  ).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, testInfo, 'settings-phone-code')

  const codeField = contact.getByLabel(text('account:settings.contact.code'))
  await codeField.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
  await contact.getByRole('button', { name: text('account:settings.contact.confirm') }).click()
  await expect(contact.getByText(text('auth:errors.invalidCode'))).toBeVisible()
  await contact.getByLabel(text('account:settings.contact.code')).fill(code)
  await contact.getByRole('button', { name: text('account:settings.contact.confirm') }).click()
  await expect(page.getByRole('status')).toHaveText(text('account:settings.contact.phoneChanged'))
  await expect(contact.getByText(`${text('account:settings.contact.phone')}: ${who.international}`)).toBeVisible()
  await expectAccessible(page)

  await signOut(page)

  // Sign in by phone: the number typed nationally, the code texted; resend once, and the new code works.
  await page.goto('/sign-in?redirectTo=%2Fme')
  await page.getByLabel(text('auth:signIn.identifier')).fill(who.typedPhone)
  const first = await codeFromOutbox(page, who.e164, async () => {
    await page.getByRole('button', { name: text('auth:signIn.send') }).click()
    await expect(page.getByText(text('auth:signIn.codeSent', { identifier: who.e164 }))).toBeVisible()
  })
  const second = await codeFromOutbox(page, who.e164, async () => {
    await page.getByRole('button', { name: text('auth:signIn.resend') }).click()
    await expect(page.getByRole('status')).toHaveText(text('auth:signIn.resent'))
  })
  await expectAccessible(page)
  if (first !== second) {
    // The first code died with the resend.
    await page.getByLabel(text('auth:signIn.code')).fill(first)
    await page
      .getByRole('main')
      .getByRole('button', { name: text('auth:signIn.verify'), exact: true })
      .click()
    await expect(page.getByRole('alert').filter({ hasText: text('auth:errors.invalidCode') })).toBeVisible()
    // The confirmation was for the resend; it does not come back with the error.
    await expect(page.getByRole('status')).toHaveCount(0)
  }
  await page.getByLabel(text('auth:signIn.code')).fill(second)
  await page
    .getByRole('main')
    .getByRole('button', { name: text('auth:signIn.verify'), exact: true })
    .click()
  await expect(page).toHaveURL('/me')
  await expect(menuSummary(page)).toHaveText(who.fullName)
  expect(errors.filter((error) => !/status of 40\d/.test(error))).toEqual([])
  if (hasJavaScript(testInfo)) expect(errors.filter((error) => error.startsWith('pageerror'))).toEqual([])
})

test('changes the email address with the code mailed to the new one; the old one no longer signs in', async ({
  page,
}, testInfo) => {
  const who = person(testInfo.project.name, 'email')
  await registerOwner(page, who)
  await page.goto('/me/settings')
  const contact = contactSection(page)
  const email = contact.getByLabel(text('account:settings.contact.newEmail'))
  const sendEmail = contact.getByRole('button', { name: text('account:settings.contact.sendEmailCode') })

  // The current address, typed differently, is still the current address.
  await email.fill(` ${who.email.toUpperCase()} `)
  await sendEmail.click()
  await expect(contact.getByText(text('account:errors.emailSame'))).toBeVisible()
  await expect(contact.getByLabel(text('account:settings.contact.newEmail'))).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  await contact.getByLabel(text('account:settings.contact.newEmail')).fill(who.newEmail)
  const code = await codeFromMail(who.newEmail, async () => {
    await contact.getByRole('button', { name: text('account:settings.contact.sendEmailCode') }).click()
    await expect(
      contact.getByRole('heading', { name: text('account:settings.contact.confirmEmailTitle') }),
    ).toBeVisible()
  })
  await expect(contact.getByText(text('account:settings.contact.codeSent', { identifier: who.newEmail }))).toBeVisible()
  await contact.getByLabel(text('account:settings.contact.code')).fill(code)
  await contact.getByRole('button', { name: text('account:settings.contact.confirm') }).click()
  await expect(page.getByRole('status')).toHaveText(text('account:settings.contact.emailChanged'))
  await expect(contact.getByText(`${text('account:settings.contact.email')}: ${who.newEmail}`)).toBeVisible()
  // The delete confirmation now asks for the new address.
  await expect(
    page.getByLabel(text('account:settings.delete.confirmEmail', { identifier: who.newEmail })),
  ).toBeVisible()

  await signOut(page)
  await page.goto('/sign-in')
  await page.getByLabel(text('auth:signIn.identifier')).fill(who.email)
  await page.getByRole('button', { name: text('auth:signIn.send') }).click()
  await expect(page.getByRole('alert').getByText(text('auth:errors.accountNotFound'))).toBeVisible()

  await page.getByLabel(text('auth:signIn.identifier')).fill(who.newEmail)
  const signInCode = await codeFromMail(who.newEmail, async () => {
    await page.getByRole('button', { name: text('auth:signIn.send') }).click()
    await expect(page.getByRole('heading', { level: 1, name: text('auth:signIn.codeTitle') })).toBeVisible()
  })
  await page.getByLabel(text('auth:signIn.code')).fill(signInCode)
  await page
    .getByRole('main')
    .getByRole('button', { name: text('auth:signIn.verify'), exact: true })
    .click()
  await expect(page).toHaveURL('/me')
  await expect(menuSummary(page)).toHaveText(who.fullName)
})
