// The community logo (settings, theme tab), with and without JavaScript: a file that is no image is
// refused with its message and changes nothing; a real PNG shows in the header (named by the
// community) and in the room directory; removing it brings the name back. Each project gets a
// community of its own, so nothing here reaches the demo other specs read.
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { directorySettingsDefaults } from '#models/brand-config'
import { Brand } from '#models/index'
import {
  DEMO,
  SHOTS_DIR,
  addPerson,
  expectAccessible,
  makeCommunity,
  screenshot,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const ADMIN = DEMO.accounts[1]

/** A small wide logo, as a designer would hand it over: a mark and a word on a transparent background. */
function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160">
    <circle cx="80" cy="80" r="64" fill="#b4461b"/>
    <text x="168" y="108" font-family="sans-serif" font-size="84" font-weight="bold" fill="#3d3a36">Ember</text>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/** The room directory switched on, the rest as a new community has it. */
const directory = { ...directorySettingsDefaults(), enabled: true }

/** The site header's home link, which shows the logo or the name. */
const homeLink = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name, exact: true })

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(text('settings:theme.logo.file')).setInputFiles(file)
  await page.getByRole('button', { name: text('settings:theme.logo.upload') }).click()
}

test('an admin uploads the logo, sees it in the header and the directory, and a bad file is refused', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const slug = `logo-${testInfo.project.name}`
  // Named to sort after "Hearth Demo": the public communities list (24 a page, by name) must keep
  // the demo on its first page for account.spec.ts, whatever ran before.
  const name = `Willow ${testInfo.project.name}`
  const brandId = await makeCommunity(slug, name, { theme: 'hearth', themeColors: null, directorySettings: directory })
  await addPerson(brandId, { ...ADMIN, role: 'community-admin' })
  await signInWithSession(page, ADMIN.emailAddress)
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.goto(`/${slug}/settings/theme`)
  await expect(page.getByRole('heading', { name: text('settings:theme.logo.heading') })).toBeVisible()
  await expect(page.getByText(text('settings:theme.logo.none'))).toBeVisible()
  await expect(homeLink(page, name)).toHaveText(name)

  // A text file named logo.png: refused by its bytes, the message shown, nothing stored.
  await upload(page, { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') })
  await expect(page.getByText(text('settings:errors.logoNotImage'))).toBeVisible()
  await expect(page.getByLabel(text('settings:theme.logo.file'))).toHaveAttribute('aria-invalid', 'true')
  expect((await Brand.findByPk(brandId, { rejectOnEmpty: true })).logos.light).toBeNull()
  await expectAccessible(page)
  await screenshot(page, testInfo, 'logo-refused')

  // A real PNG: saved, shown on the tab and in the header in place of the name, which is its alt.
  await upload(page, { name: 'ember.png', mimeType: 'image/png', buffer: await logoPng() })
  await expect(page.getByRole('status').filter({ hasText: text('settings:flash.saved') })).toBeVisible()
  await expect(page.getByRole('img', { name: text('settings:theme.logo.current') })).toBeVisible()
  const headerLogo = homeLink(page, name).getByRole('img', { name, exact: true })
  await expect(headerLogo).toBeVisible()
  await expect(homeLink(page, name)).toHaveText('')
  const stored = (await Brand.findByPk(brandId, { rejectOnEmpty: true })).logos.light!
  expect(stored).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.png$/)
  await expect(headerLogo).toHaveAttribute('src', stored)
  // Loaded, at the size it was fitted to (640×160 inside 512×128).
  expect(await headerLogo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([
    512, 128,
  ])
  await expectAccessible(page)
  await screenshot(page, testInfo, 'logo-saved')
  await page.locator('.site-header').screenshot({ path: `${SHOTS_DIR}/${testInfo.project.name}-logo-header-1280.png` })
  await page.setViewportSize({ width: 360, height: 780 })
  await screenshot(page, testInfo, 'logo-saved')
  await page.locator('.site-header').screenshot({ path: `${SHOTS_DIR}/${testInfo.project.name}-logo-header-360.png` })
  const box = await headerLogo.boundingBox()
  expect(box!.width).toBeLessThanOrEqual(180)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The room directory's widget (framed, so without the site header) shows it above its heading.
  await page.goto(`/directory/${slug}/widget`)
  await expect(page.getByRole('heading', { level: 1 }).locator('img')).toHaveAttribute('src', stored)
  await screenshot(page, testInfo, 'logo-directory')

  // Removed: the name is back in the header.
  await page.goto(`/${slug}/settings/theme`)
  await page.getByRole('button', { name: text('settings:theme.logo.remove') }).click()
  await expect(page.getByRole('status').filter({ hasText: text('settings:flash.saved') })).toBeVisible()
  await expect(page.getByText(text('settings:theme.logo.none'))).toBeVisible()
  await expect(homeLink(page, name)).toHaveText(name)
  expect((await Brand.findByPk(brandId, { rejectOnEmpty: true })).logos.light).toBeNull()
})
