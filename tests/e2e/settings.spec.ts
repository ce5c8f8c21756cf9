// The settings panel (tabs settings, theme, install and language; "Your changes were saved." or
// "Your changes were not saved"), with and without JavaScript.
// Each project gets a community of its own (a copy of the demo's row), so nothing here changes the
// demo community other specs read.
import { expect, test, type Page } from '@playwright/test'
import { Brand } from '#models/index'
import { DEMO, addPerson, expectAccessible, makeCommunity, screenshot, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const ADMIN = DEMO.accounts[1]
const MEMBER = DEMO.accounts[2]

/** A community of this project's own, its name and slug taken from the test, with an admin and a member. */
async function makeSettingsCommunity(slug: string, name: string) {
  // Private and unmoderated, with the default theme and language, whatever the demo is.
  const brandId = await makeCommunity(slug, name, {
    theme: 'hearth',
    themeColors: null,
    publicCommunity: false,
    memberModeration: false,
    communityLanguage: null,
  })
  await addPerson(brandId, { ...ADMIN, role: 'community-admin' })
  await addPerson(brandId, MEMBER)
}

const cssVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name)

test('an admin picks a theme, sees it on the next page, saves settings and is told what went wrong', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const slug = `settings-${testInfo.project.name}`
  await makeSettingsCommunity(slug, `Settings ${testInfo.project.name}`)
  await signInWithSession(page, ADMIN.emailAddress)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The sidebar's Settings item opens the panel and is highlighted there.
  await page.goto(`/${slug}`)
  const sidebar = page.getByRole('navigation', { name: text('common:nav.label') })
  await sidebar.getByRole('link', { name: text('common:nav.settings') }).click()
  await expect(page).toHaveURL(`/${slug}/settings`)
  await expect(page).toHaveTitle(`${text('settings:title')} · Hearth`)
  await expect(sidebar.getByRole('link', { name: text('common:nav.settings') })).toHaveAttribute('aria-current', 'page')
  const tabs = page.getByRole('navigation', { name: text('settings:tabs.label') })
  await expect(tabs.getByRole('link', { name: text('settings:tabs.settings') })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)

  // Theme tab: pick Forest and save; the next page paints it (the root's <style>, no client JS).
  await tabs.getByRole('link', { name: text('settings:tabs.theme') }).click()
  await expect(page).toHaveURL(`/${slug}/settings/theme`)
  await expect(tabs.getByRole('link', { name: text('settings:tabs.theme') })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)
  await screenshot(page, testInfo, 'settings-theme')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, testInfo, 'settings-theme')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByText('Forest', { exact: true }).click()
  await page.getByRole('button', { name: text('settings:save') }).click()
  await expect(page.getByRole('status').filter({ hasText: text('settings:flash.saved') })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Forest' })).toBeChecked()
  // The panel itself is repainted at once (with JavaScript the root's <style> is revalidated in place).
  await expect.poll(() => cssVariable(page, '--color-primary')).toBe('#2e6b3a')
  await page.goto(`/${slug}`)
  expect(await cssVariable(page, '--color-primary')).toBe('#2e6b3a')
  expect(await cssVariable(page, '--card-border-width')).toBe('0px')
  await screenshot(page, testInfo, 'themed-home')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, testInfo, 'themed-home')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Settings tab: a good save says so; a bad value keeps what was typed, with the error.
  await page.goto(`/${slug}/settings`)
  const name = page.getByLabel(text('settings:fields.name'))
  await name.fill(`Renamed ${testInfo.project.name}`)
  await page.getByLabel(text('settings:fields.toolbar.chat')).uncheck()
  await page.getByRole('button', { name: text('settings:save') }).click()
  await expect(page.getByRole('status').filter({ hasText: text('settings:flash.saved') })).toBeVisible()
  await expect(name).toHaveValue(`Renamed ${testInfo.project.name}`)
  await expect(page.getByLabel(text('settings:fields.toolbar.chat'))).not.toBeChecked()
  // Public: moderation is forced on, shown disabled with the reason.
  await page.getByLabel(text('settings:fields.publicCommunity'), { exact: true }).check()
  const terms = page.getByLabel(text('settings:fields.communityToS'))
  await terms.fill('ftp://example.com/terms')
  await page.getByRole('button', { name: text('settings:save') }).click()
  await expect(page.getByRole('alert').filter({ hasText: text('settings:notSaved') })).toBeVisible()
  await expect(page.getByText(text('settings:errors.urlInvalid'))).toBeVisible()
  await expect(terms).toHaveValue('ftp://example.com/terms')
  await expect(page.getByLabel(text('settings:fields.publicCommunity'), { exact: true })).toBeChecked()
  const [row] = await Brand.findAll({ where: { slug }, attributes: ['communityToS', 'publicCommunity'], raw: true })
  expect(row).toEqual({ communityToS: null, publicCommunity: 0 })
  await terms.fill('https://example.com/terms')
  await page.getByRole('button', { name: text('settings:save') }).click()
  await expect(page.getByRole('status').filter({ hasText: text('settings:flash.saved') })).toBeVisible()
  const moderation = page.getByLabel(text('settings:fields.memberModeration'))
  await expect(moderation).toBeChecked()
  await expect(moderation).toBeDisabled()
  await expect(page.getByText(text('settings:fields.memberModerationForced'))).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, testInfo, 'settings-tab')

  // Install tab and the public install page.
  await tabs.getByRole('link', { name: text('settings:tabs.install') }).click()
  await expect(page.getByLabel(text('settings:install.communitySnippet'))).toHaveValue(
    new RegExp(`<iframe src="[^"]+/${slug}"`),
  )
  await page.getByLabel(text('settings:install.siteUrl')).fill('not a url')
  await page.getByRole('button', { name: text('settings:save') }).click()
  await expect(page.getByText(text('settings:errors.siteUrlInvalid'))).toBeVisible()
  await expect(page.getByLabel(text('settings:install.siteUrl'))).toHaveValue('not a url')
  await expectAccessible(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, testInfo, 'settings-install')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/${slug}/install`)
  await expect(page).toHaveTitle(`${text('settings:install.title')} · Hearth`)
  await expect(page.getByLabel(text('settings:install.directorySnippet'))).toHaveValue(new RegExp(`/directory/${slug}`))
  await expectAccessible(page)
})

test('a member is denied the settings panel', async ({ page }, testInfo) => {
  const slug = `settings-denied-${testInfo.project.name}`
  await makeSettingsCommunity(slug, `Denied ${testInfo.project.name}`)
  await signInWithSession(page, MEMBER.emailAddress)
  await page.goto(`/${slug}/settings/theme`)
  await expect(page).toHaveURL(new RegExp(`/${slug}/access-denied`))
})
