// Links that act on a GET, with JavaScript on and off: a link for another account
// than the one signed in asks "Continue as …?" before switching (login CSRF), /callback?s= signs
// nobody out, and signing out is the account menu's form. The links are written straight into the
// run's database (as the mail would carry them), so this spec spends no sign-in codes.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { MagicLink } from '#models/index'
import {
  DEMO,
  accountArea,
  accountMenuButton,
  collectErrors,
  expectAccessible,
  findUser,
  openAccountMenu,
  t,
} from './support'

const [OWNER, , MIA, NOAH] = DEMO.accounts
const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function userId(emailAddress: string): Promise<string> {
  const user = await findUser(emailAddress)
  if (!user) throw new Error(`No user ${emailAddress}`)
  return user.id
}

/** A fresh one-time link (its id) for this account, as a sign-in mail would carry it. */
async function linkFor(emailAddress: string, destination = `/${DEMO.slug}`): Promise<string> {
  const id = randomBytes(27).toString('base64url')
  await MagicLink.create({
    id,
    userId: await userId(emailAddress),
    destinationUrl: destination,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  })
  return id
}

async function expectSignedInAs(page: Page, name: string) {
  await expect(accountMenuButton(page)).toHaveText(name)
}

test('a link for another account asks first; ?s= signs nobody out; the menu signs out with a form', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await page.goto(`/ml/${await linkFor(MIA.emailAddress)}`)
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedInAs(page, MIA.name)

  // A GET with s (a link anyone could send) changes nothing.
  await page.goto(`/callback?s=${await userId(MIA.emailAddress)}&r=%2F${DEMO.slug}`)
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedInAs(page, MIA.name)

  // Someone else's link: the page asks, and staying keeps Mia (the link stays unspent).
  const noahLink = await linkFor(NOAH.emailAddress)
  const asked = await page.goto(`/callback?a=${noahLink}&r=%2F${DEMO.slug}`)
  expect(asked?.status()).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: text('auth:linksOnGet.switchTitle', { name: NOAH.name }) }),
  ).toBeVisible()
  await expect(
    page.getByText(text('auth:linksOnGet.switchMessage', { name: NOAH.name, current: MIA.name })),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('link', { name: text('auth:linksOnGet.stayAs', { name: MIA.name }) }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedInAs(page, MIA.name)

  // Asked again, continuing switches to Noah; Mia stays signed in as the other account.
  await page.goto(`/callback?a=${noahLink}&r=%2F${DEMO.slug}`)
  await page.getByRole('button', { name: text('auth:linksOnGet.continueAs', { name: NOAH.name }) }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)
  await expectSignedInAs(page, NOAH.name)

  // The same question on a mailed link (ml/{id}).
  await page.goto(`/ml/${await linkFor(OWNER.emailAddress, '/me')}`)
  await expect(
    page.getByRole('heading', { level: 1, name: text('auth:linksOnGet.switchTitle', { name: OWNER.name }) }),
  ).toBeVisible()
  await page.getByRole('button', { name: text('auth:linksOnGet.continueAs', { name: OWNER.name }) }).click()
  await expect(page).toHaveURL('/me')
  await expectSignedInAs(page, OWNER.name)

  // Signing out is a form: each press ends the current account and the next one takes over.
  await page.goto(`/${DEMO.slug}`)
  for (const next of [NOAH.name, MIA.name]) {
    await (await openAccountMenu(page)).getByRole('button', { name: text('common:accountMenu.signOut') }).click()
    await expect(page).toHaveURL(`/${DEMO.slug}`)
    await expectSignedInAs(page, next)
  }
  await (await openAccountMenu(page)).getByRole('button', { name: text('common:accountMenu.signOut') }).click()
  await expect(accountArea(page).getByRole('link', { name: text('common:header.signIn') })).toBeVisible()
  await expect(accountMenuButton(page)).toHaveCount(0)
  expect(errors).toEqual([])
})

test('a return address longer than 2,048 characters gets a 400 page that says so', async ({ page }) => {
  const long = `/${DEMO.slug}?${'x'.repeat(2048)}`
  const response = await page.goto(`/sign-in?redirectTo=${encodeURIComponent(long)}`)
  expect(response?.status()).toBe(400)
  await expect(
    page.getByRole('heading', { level: 1, name: text('common:otpAndLinks.redirectTooLong.title') }),
  ).toBeVisible()
  await expect(page.getByText(text('common:otpAndLinks.redirectTooLong.message', { max: 2048 }))).toBeVisible()
  await expectAccessible(page)
})
