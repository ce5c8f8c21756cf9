// The rest of the language matrix, run once without JavaScript (the server decides all of it): the
// switches to Portuguese and back to English on every page, the switch form's refusals, and
// Accept-Language. The English-to-Spanish switch runs in both projects (languages.spec.ts).
import { expect, test } from '@playwright/test'
import { PAGES, expectAccessible, switchLanguage, t } from './support'
import { switchOnEveryPage } from './language-switches'

switchOnEveryPage([
  { to: 'pt', from: 'en', locale: 'en-US' },
  { to: 'en', from: 'pt', locale: 'pt-BR' },
])

test.describe('the language form', () => {
  test('is refused for a language Hearth does not have', async ({ request }) => {
    const response = await request.post('/resources/language', {
      form: { language: 'fr', redirectTo: '/' },
      maxRedirects: 0,
    })
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

  for (const { path, heading } of PAGES.filter((p) =>
    ['/kicked', '/demo', '/a/b/c', '/connection-error'].includes(p.path),
  )) {
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

  for (const { path, heading } of PAGES.filter((p) =>
    ['/kicked', '/unsupported-device', '/dev', '/signup-error'].includes(p.path),
  )) {
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
