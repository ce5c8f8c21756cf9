// Every page in English, Spanish and Portuguese: through the footer's language switch (a real form,
// so it must work without JavaScript) and through the browser's Accept-Language.
import { expect, test } from '@playwright/test'
import { DEMO, PAGES, expectAccessible, switchLanguage, t } from './support'
import { switchOnEveryPage } from './language-switches'

// The switch from English to Spanish runs in both projects: the form with JavaScript (hydrated)
// and without. The other switches, and what the server decides from Accept-Language, do not depend
// on the browser running the page, so they run once, without JavaScript (languages.no-js.spec.ts).
switchOnEveryPage([{ to: 'es', from: 'en', locale: 'en-US' }])

for (const language of ['es', 'pt'] as const) {
  test.describe(`${language} on a 360px phone`, () => {
    test.use({ viewport: { width: 360, height: 780 } })

    // The longer Spanish and Portuguese labels (sidebar, header, headings) must still fit.
    for (const { path, heading } of PAGES.filter((p) =>
      ['/demo', '/kicked', '/connection-error', '/unsupported-device', '/dev'].includes(p.path),
    )) {
      test(`${path} fits without sideways scrolling`, async ({ page }) => {
        await page.goto(path)
        await switchLanguage(page, language)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(language))
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
        expect(scrollWidth).toBeLessThanOrEqual(360)
        await expectAccessible(page)
      })
    }
  })
}

test.describe('the language choice', () => {
  test('stays with the visitor on the next pages', async ({ page }) => {
    await page.goto('/kicked')
    await switchLanguage(page, 'pt')
    await page.goto('/thanks')
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pt', 'pages:thanks.title'))
  })

  test('returns to the same address, query string included', async ({ page }) => {
    await page.goto('/connection-error?redirectTo=%2Fdemo%2Fhub')
    await switchLanguage(page, 'es')
    await expect(page).toHaveURL('/connection-error?redirectTo=%2Fdemo%2Fhub')
    await expect(page.getByRole('link', { name: t('es', 'common:actions.tryAgain') })).toHaveAttribute(
      'href',
      '/demo/hub',
    )
  })

  test('translates the community sidebar and keeps Home current', async ({ page }) => {
    await page.goto(`/${DEMO.slug}`)
    await switchLanguage(page, 'es')
    const sidebar = page.getByRole('navigation', { name: t('es', 'common:nav.label') })
    await expect(sidebar.getByRole('link', { name: t('es', 'common:nav.home'), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(sidebar.getByRole('link', { name: t('es', 'common:nav.calls') })).toBeVisible()
    await expect(page.getByRole('complementary', { name: t('es', 'pages:community.about') })).toContainText(
      t('es', 'pages:community.members_other', { count: DEMO.accounts.length }),
    )
  })
})
