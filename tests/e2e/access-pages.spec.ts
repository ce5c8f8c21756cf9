// The community's refusal and not-found pages: a signed-in person a room refuses gets the
// access-denied page (403), a guest the sign-in prompt; post, group and event links that lead
// nowhere get their own 404 pages. Both projects; axe and screenshots at phone and desktop widths.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { CommunityEvent } from '#models/index'
import { makeEventRoom } from '../support/factories'
import {
  DEMO,
  addPerson,
  copyOfDemoRoom,
  expectAccessible,
  makeCommunity,
  screenshot,
  signInWithSession,
  t,
} from './support'

// Each page is checked at two widths, each with an accessibility scan in a browser context of its own
// and a screenshot: over 30 s on a machine busy with the meeting specs beside it.
test.describe.configure({ timeout: 90_000 })

const NOAH = DEMO.accounts[3]
const STAFF_ROOM = { slug: 'staff-room', name: 'Staff Room' }
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

/**
 * A staff (private) group in the demo community with nobody on its list and taking no requests:
 * every member is refused, with nothing to ask for (a group that takes requests offers to ask:
 * groups.spec.ts).
 */
async function staffRoom() {
  await copyOfDemoRoom('book-club', {
    ...STAFF_ROOM,
    roomType: 'staff',
    open: false,
    members: [],
    coHosts: [],
    allowMembershipRequests: false,
  })
}

/** axe and a screenshot at desktop and phone widths, with nothing scrolling sideways. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(width)
    await screenshot(page, testInfo, name)
    await expectAccessible(page)
  }
}

test.describe('a room that refuses the visitor', () => {
  test.beforeAll(staffRoom)

  test('signed in: the access-denied page, 403, offering another account and coming back here', async ({
    page,
  }, testInfo) => {
    await signInWithSession(page, NOAH.emailAddress)
    await page.goto('/me')
    const response = await page.goto(`/${DEMO.slug}/${STAFF_ROOM.slug}`)
    expect(response?.status()).toBe(403)
    await expect(page).toHaveURL(`/${DEMO.slug}/access-denied?redirectTo=%2F${DEMO.slug}%2F${STAFF_ROOM.slug}`)
    await expect(heading(page, t('en', 'pages:accessPages.accessDenied.title'))).toBeVisible()
    const main = page.getByRole('main')
    await expect(
      main.getByText(t('en', 'pages:accessPages.accessDenied.message', { community: DEMO.name })),
    ).toBeVisible()
    await expect(
      main.getByText(t('en', 'pages:accessPages.accessDenied.signedInAs', { name: NOAH.name })),
    ).toBeVisible()
    // Not the private page's sign-in prompt: Noah is signed in, and the room refused him.
    await expect(main.getByText(t('en', 'pages:private.title'))).toHaveCount(0)
    await expect(
      main.getByRole('link', { name: t('en', 'pages:accessPages.accessDenied.signInAnother') }),
    ).toHaveAttribute('href', `/sign-in?redirectTo=%2F${DEMO.slug}%2F${STAFF_ROOM.slug}`)
    await expect(main.getByRole('link', { name: t('en', 'common:actions.goHome') })).toHaveAttribute('href', '/')
    // The room's name appears nowhere on the page.
    await expect(page.getByText(STAFF_ROOM.name)).toHaveCount(0)
    await checkAtBothWidths(page, testInfo, 'access-denied')
  })

  test('signed out: the sign-in prompt, keeping the address', async ({ page }) => {
    expect((await page.goto(`/${DEMO.slug}/${STAFF_ROOM.slug}`))?.status()).toBe(200)
    await expect(page).toHaveURL(`/private?redirectTo=%2F${DEMO.slug}%2F${STAFF_ROOM.slug}`)
    await expect(heading(page, t('en', 'pages:private.title'))).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: t('en', 'pages:private.signIn') })).toHaveAttribute(
      'href',
      `/sign-in?redirectTo=%2F${DEMO.slug}%2F${STAFF_ROOM.slug}`,
    )
  })
})

test('a premium event refuses a member who has not signed up, and offers its sign-up instead', async ({
  page,
}, testInfo) => {
  // A community of its own: a premium event in the demo would change what its pages list.
  const run = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `premium-${run}`
  const brandId = await makeCommunity(slug, `Premium ${run}`)
  const emailAddress = `pat-${run}@premium.example`
  await addPerson(brandId, { name: 'Pat Member', emailAddress })
  const gala = await makeEventRoom({ id: brandId }, { slug: 'gala', name: 'Premium Gala', roomType: 'premium' })
  await CommunityEvent.create({ roomId: gala.id, registrationEnabled: true })
  await signInWithSession(page, emailAddress)

  expect((await page.goto(`/${slug}/gala`))?.status()).toBe(403)
  const main = page.getByRole('main')
  await expect(
    main.getByText(t('en', 'pages:accessPages.accessDenied.premiumEvent', { event: 'Premium Gala' })),
  ).toBeVisible()
  await checkAtBothWidths(page, testInfo, 'access-denied-premium-event')
  await main
    .getByRole('link', { name: t('en', 'pages:accessPages.accessDenied.signUpForEvent', { event: 'Premium Gala' }) })
    .click()
  await expect(page).toHaveURL(`/${slug}/events/gala/register`)
})

for (const kind of ['post', 'group', 'event'] as const) {
  test(`/${DEMO.slug}/${kind}-not-found answers 404 with its title, message and the way to the community`, async ({
    page,
  }, testInfo) => {
    const response = await page.goto(`/${DEMO.slug}/${kind}-not-found`)
    expect(response?.status()).toBe(404)
    await expect(heading(page, t('en', `pages:accessPages.${kind}NotFound.title`))).toBeVisible()
    await expect(page).toHaveTitle(`${t('en', `pages:accessPages.${kind}NotFound.title`)} · Hearth`)
    const main = page.getByRole('main')
    await expect(
      main.getByText(t('en', `pages:accessPages.${kind}NotFound.message`, { community: DEMO.name })),
    ).toBeVisible()
    await expect(
      main.getByRole('link', { name: t('en', 'pages:accessPages.back', { community: DEMO.name }) }),
    ).toHaveAttribute('href', `/${DEMO.slug}`)
    await checkAtBothWidths(page, testInfo, `${kind}-not-found`)
  })
}
