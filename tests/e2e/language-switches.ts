// The footer's language switch on every page (spec: the locale is the community language, the
// member's choice, the device language, then en), shared by the two language specs so each switch
// runs in the project that needs it.
import { expect, test } from '@playwright/test'
import { PAGES, expectAccessible, hasJavaScript, switchLanguage, t, type Language } from './support'

export type LanguageSwitch = { to: Language; from: Language; locale: string }

/** For each switch, every page: it starts in `from`, the footer's form moves it to `to`, and it stays accessible. */
export function switchOnEveryPage(switches: ReadonlyArray<LanguageSwitch>) {
  for (const { to, from, locale } of switches) {
    test.describe(`switching from ${from} to ${to} with the footer's form`, () => {
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
          const footer = page.getByRole('contentinfo')
          await expect(footer.getByRole('combobox', { name: t(to, 'common:language.label') })).toHaveValue(to)
          // The button is for pages without JavaScript; with it, choosing sends the form.
          await expect(footer.getByRole('button', { name: t(to, 'common:language.change') })).toHaveCount(
            hasJavaScript(test.info()) ? 0 : 1,
          )
          await expectAccessible(page)
        })
      }
    })
  }
}
