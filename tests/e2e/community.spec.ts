// The landing page, the demo community's home, the developer console, and the layout at phone and
// desktop widths (with screenshots in /tmp/e2e-shots for a person to look at).
import { expect, test, type Page } from '@playwright/test'
import { DEMO, expectAccessible, screenshot, screenshots, signInWithSession, t } from './support'

const SIDEBAR = [
  'home',
  'messages',
  'calls',
  'contacts',
  'tags',
  'media',
  'members',
  'groups',
  'eventSeries',
  'events',
  'settings',
]

test.describe('landing page', () => {
  test('introduces Hearth, offers the three ways in and links to the demo community', async ({ page }, testInfo) => {
    expect((await page.goto('/'))?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:home.tagline') })).toBeVisible()
    await expect(page.getByText(t('en', 'pages:home.intro'))).toBeVisible()
    const waysIn = page.getByRole('region', { name: t('en', 'pages:home.waysIn') })
    for (const [way, href] of [
      ['create', '/register'],
      ['claim', '/register/room'],
      ['signIn', '/sign-in'],
    ] as const) {
      await expect(waysIn.getByRole('link', { name: t('en', `pages:home.ways.${way}.action`) })).toHaveAttribute(
        'href',
        href,
      )
    }
    await screenshots(page, testInfo, 'front-door')
    const demo = page.getByRole('link', { name: t('en', 'pages:home.demo') })
    await expect(demo).toHaveAttribute('href', `/${DEMO.slug}`)
    await expectAccessible(page)
    await demo.click()
    await expect(page).toHaveURL(`/${DEMO.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO.name}` })).toBeVisible()
  })

  test('sends someone signed in to their own home instead of signing in', async ({ page }) => {
    await signInWithSession(page, DEMO.accounts[2].emailAddress)
    await page.goto('/')
    const waysIn = page.getByRole('region', { name: t('en', 'pages:home.waysIn') })
    await expect(waysIn.getByRole('link', { name: t('en', 'pages:home.ways.home.action') })).toHaveAttribute(
      'href',
      '/me',
    )
    await expect(waysIn.getByRole('link', { name: t('en', 'pages:home.ways.signIn.action') })).toHaveCount(0)
  })
})

test.describe('community home', () => {
  test.beforeEach(async ({ page }) => {
    expect((await page.goto(`/${DEMO.slug}`))?.status()).toBe(200)
  })

  test('welcomes the visitor by community name', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Hearth Demo', exact: true })).toBeVisible()
    await expect(page).toHaveTitle(/Welcome to Hearth Demo/)
    await expect(page.getByRole('banner').getByRole('link', { name: DEMO.name })).toHaveAttribute(
      'href',
      `/${DEMO.slug}`,
    )
  })

  test('the sidebar lists the eleven sections in order, with Home as the current page', async ({ page }) => {
    const sidebar = page.getByRole('navigation', { name: t('en', 'common:nav.label') })
    const links = sidebar.getByRole('link')
    await expect(links).toHaveText(SIDEBAR.map((id) => t('en', `common:nav.${id}`)))
    await expect(sidebar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
    await expect(sidebar.locator('[aria-current]')).toHaveCount(1)
    await expect(sidebar.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/demo/members')
    await expect(sidebar.getByRole('link', { name: 'Media library' })).toHaveAttribute('href', '/demo/media')
    await expect(sidebar.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/demo/settings')
  })

  test('shows the hub and announcements cards, and a guest only the groups a guest may enter', async ({ page }) => {
    const main = page.getByRole('main')
    const hub = main.getByRole('region', { name: DEMO.hubName })
    await expect(hub.getByText('Community hub', { exact: true })).toBeVisible()
    await expect(hub.getByRole('link', { name: `Open ${DEMO.hubName}` })).toHaveAttribute('href', '/demo/hub')
    const announcements = main.getByRole('region', { name: 'Announcements' })
    await expect(announcements.getByText('News from the team.')).toBeVisible()
    await expect(announcements.getByRole('link', { name: 'Open Announcements' })).toHaveAttribute(
      'href',
      '/demo/announcements',
    )
    // The Book Club is not open: it would ask a guest to sign in, so the guest's home does not list it.
    // (Not "no groups": meeting specs running alongside add open copies of the hub to the demo.
    // The empty list and every rule of who sees which group are integration tests.)
    const groups = main.getByRole('region', { name: 'Groups' })
    await expect(groups).toBeVisible()
    await expect(groups.getByRole('link', { name: DEMO.group })).toHaveCount(0)
  })

  test('the right drawer shows the members and the upcoming event', async ({ page }) => {
    const drawer = page.getByRole('complementary', { name: t('en', 'pages:community.about') })
    await expect(drawer.getByText('5 members')).toBeVisible()
    await expect(drawer.getByRole('heading', { name: t('en', 'pages:community.upcomingEvents') })).toBeVisible()
    await expect(drawer.getByRole('link', { name: DEMO.event })).toHaveAttribute('href', '/demo/events/welcome-call')
    await expect(drawer.locator('time')).toHaveText(/^Starts /)
  })

  test('has no serious accessibility problems', async ({ page }) => {
    await expectAccessible(page)
  })
})

test('the developer console lists the seeded accounts', async ({ page }) => {
  expect((await page.goto('/dev'))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'dev:title') })).toBeVisible()
  const accounts = page.getByRole('region', { name: t('en', 'dev:accounts') })
  await expect(accounts.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Community', 'Role'])
  // Other tests add people of their own, to the demo too (sign-ups, session-row sign-ins): each
  // seeded account is looked up by its address, community and role, not by its place in the table.
  for (const account of DEMO.accounts) {
    const row = accounts
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: account.emailAddress, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: DEMO.name, exact: true }) })
      .filter({ has: page.getByRole('cell', { name: account.role, exact: true }) })
    await expect(row.getByRole('cell')).toHaveText([account.name, account.emailAddress, DEMO.name, account.role])
  }
  // With messages in the outbox (the sign-in tests send some) its table's scroll box is a region
  // of the same name inside the section.
  await expect(page.getByRole('region', { name: t('en', 'dev:outbox') }).first()).toBeVisible()
  await expectAccessible(page)
})

test.describe('layout', () => {
  const noHorizontalOverflow = async (page: Page) => {
    const { scrollWidth, viewport } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }))
    expect(scrollWidth, `page is ${scrollWidth}px wide in a ${viewport}px viewport`).toBeLessThanOrEqual(viewport)
  }

  test.describe('at 360px (phone)', () => {
    test.use({ viewport: { width: 360, height: 780 } })

    for (const [name, path] of [
      ['community-home', '/demo'],
      ['kicked', '/kicked'],
      ['dev', '/dev'],
      ['landing', '/'],
      ['connection-error', '/connection-error'],
      ['unsupported-device', '/unsupported-device'],
    ] as const) {
      test(`${path} does not scroll sideways and stays accessible`, async ({ page }, testInfo) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await noHorizontalOverflow(page)
        if (['community-home', 'kicked', 'dev'].includes(name)) await screenshot(page, testInfo, name)
        // Narrow screens change what scrolls and what overlaps: axe again at this width.
        await expectAccessible(page)
      })
    }

    test('the community sidebar scrolls within its own row', async ({ page }) => {
      await page.goto('/demo')
      const sidebar = page.getByRole('navigation', { name: t('en', 'common:nav.label') })
      const box = await sidebar.boundingBox()
      expect(box?.width).toBeLessThanOrEqual(360)
      const settings = sidebar.getByRole('link', { name: 'Settings' })
      await settings.scrollIntoViewIfNeeded()
      await expect(settings).toBeInViewport()
      await noHorizontalOverflow(page)
    })
  })

  for (const width of [1024, 1280]) {
    test.describe(`at ${width}px (desktop)`, () => {
      test.use({ viewport: { width, height: 900 } })

      test('the right drawer is 360px wide, beside the page', async ({ page }, testInfo) => {
        await page.goto('/demo')
        const drawer = page.getByRole('complementary', { name: t('en', 'pages:community.about') })
        const main = page.getByRole('main')
        const [drawerBox, mainBox] = await Promise.all([drawer.boundingBox(), main.boundingBox()])
        expect(drawerBox?.width).toBe(360)
        expect(drawerBox!.x + drawerBox!.width).toBeCloseTo(width, 0)
        // Side by side: the drawer starts where the page ends, at the same height.
        expect(drawerBox!.x).toBeGreaterThanOrEqual(mainBox!.x + mainBox!.width - 1)
        expect(drawerBox!.y).toBeCloseTo(mainBox!.y, 0)
        await noHorizontalOverflow(page)
        if (width === 1280) await screenshot(page, testInfo, 'community-home')
      })
    })
  }

  test.describe('at 1280px, other pages', () => {
    test.use({ viewport: { width: 1280, height: 900 } })

    for (const [name, path] of [
      ['kicked', '/kicked'],
      ['dev', '/dev'],
    ] as const) {
      test(`${path} fits the window`, async ({ page }, testInfo) => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await noHorizontalOverflow(page)
        await screenshot(page, testInfo, name)
      })
    }
  })
})
