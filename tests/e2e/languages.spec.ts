// Every page in English, Spanish and Portuguese: through the header's language switch (a real form,
// so it must work without JavaScript) and through the browser's Accept-Language.
import { expect, test } from '@playwright/test'
import { DEMO, PAGES, expectAccessible, switchLanguage, t, type Language } from './support'

/** Each target language, and the language the page starts in before the switch. */
const SWITCHES: ReadonlyArray<{ to: Language; from: Language; locale: string }> = [
  { to: 'es', from: 'en', locale: 'en-US' },
  { to: 'pt', from: 'en', locale: 'en-US' },
  { to: 'en', from: 'pt', locale: 'pt-BR' },
]

for (const { to, from, locale } of SWITCHES) {
  test.describe(`switching from ${from} to ${to} with the header form`, () => {
    test.use({ locale })

    for (const { name, path, landsOn, status, heading } of PAGES) {
      test(`${name} (${path})`, async ({ page }) => {
        const response = await page.goto(path)
        expect(response?.status()).toBe(status)
        if (landsOn) await expect(page).toHaveURL(landsOn)
        await expect(page.locator('html')).toHaveAttribute('lang', from)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(from))

        await switchLanguage(page, to)
        await expect(page).toHaveURL(landsOn ?? path)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(to))
        await expect(page.getByRole('button', { name: t(to, 'common:language.change') })).toBeVisible()
        await expect(page.getByRole('combobox', { name: t(to, 'common:language.label') })).toHaveValue(to)
        await expectAccessible(page)
      })
    }
  })
}

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
    await expect(page.getByRole('link', { name: t('es', 'common:actions.tryAgain') })).toHaveAttribute('href', '/demo/hub')
  })

  test('translates the community sidebar and keeps Home current', async ({ page }) => {
    await page.goto(`/${DEMO.slug}`)
    await switchLanguage(page, 'es')
    const sidebar = page.getByRole('navigation', { name: t('es', 'common:nav.label') })
    await expect(sidebar.getByRole('link', { name: t('es', 'common:nav.home'), exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(sidebar.getByRole('link', { name: t('es', 'common:nav.calls') })).toBeVisible()
    await expect(page.getByRole('complementary', { name: t('es', 'pages:community.about') })).toContainText(
      t('es', 'pages:community.members_other', { count: DEMO.accounts.length }),
    )
  })

  test('is refused for a language Hearth does not have', async ({ request }) => {
    const response = await request.post('/resources/language', { form: { language: 'fr', redirectTo: '/' }, maxRedirects: 0 })
    expect(response.status()).toBe(400)
    expect(await response.text()).toBe(t('en', 'common:language.unsupported'))
  })

  test('never sends the visitor to another site', async ({ request }) => {
    const response = await request.post('/resources/language', {
      form: { language: 'es', redirectTo: 'https://evil.example/' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/')
    expect(response.headers()['set-cookie']).toMatch(/^lng=/)
  })
})

test.describe('Accept-Language: Spanish', () => {
  test.use({ locale: 'es-ES' })

  for (const { path, heading } of PAGES.filter((p) => ['/kicked', '/demo', '/a/b/c', '/connection-error'].includes(p.path))) {
    test(`${path} renders in Spanish`, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', 'es')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading('es'))
      expect(heading('es')).not.toBe(heading('en'))
    })
  }

  test('the kicked page is wholly in Spanish', async ({ page }) => {
    await page.goto('/kicked')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Vaya! El anfitrión te ha expulsado.')
    await expect(page.getByRole('alert')).toHaveText(t('es', 'pages:kicked.notice'))
    await expect(page.getByText(t('es', 'pages:kicked.message'), { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: t('es', 'common:skipToContent') })).toBeAttached()
    await expectAccessible(page)
  })

  test('the switch still wins over the browser language', async ({ page }) => {
    await page.goto('/kicked')
    await switchLanguage(page, 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages:kicked.title'))
    await page.goto('/connection-error')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})

test.describe('Accept-Language: Portuguese', () => {
  test.use({ locale: 'pt-BR' })

  for (const { path, heading } of PAGES.filter((p) => ['/kicked', '/unsupported-device', '/dev', '/signup-error'].includes(p.path))) {
    test(`${path} renders in Portuguese`, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('lang', 'pt')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading('pt'))
      expect(heading('pt')).not.toBe(heading('en'))
    })
  }

  test('the kicked page is wholly in Portuguese', async ({ page }) => {
    await page.goto('/kicked')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ops! Você foi removido pelo anfitrião.')
    await expect(page.getByRole('alert')).toHaveText(t('pt', 'pages:kicked.notice'))
    await expect(page.getByText(t('pt', 'pages:kicked.message'), { exact: true })).toBeVisible()
  })
})

test.describe('Accept-Language: a language Hearth does not have', () => {
  test.use({ locale: 'fr-FR' })

  test('falls back to English', async ({ page }) => {
    await page.goto('/kicked')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages:kicked.title'))
  })
})
