// The spec's loading indicator (app/components/busy-indicator.tsx): "Busy…" once a page has kept the
// visitor waiting 400 ms. JavaScript only: without it the browser shows its own loading mark.
import { expect, test } from '@playwright/test'
import { DEMO, t, waitForHydration } from './support'

test('a slow page shows "Busy…" after 400 ms, and nothing once it has come', async ({ page }) => {
  await page.goto(`/${DEMO.slug}`)
  await waitForHydration(page, '.community-sidebar a[href$="/media"]')
  // The next page's data takes a second and a half to come.
  await page.route(`**/${DEMO.slug}/media.data*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  const busy = page.getByRole('progressbar', { name: t('en', 'common:busy') })
  await page.locator('.community-sidebar a[href$="/media"]').click()
  await expect(busy).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'pages:private.title') })).toBeVisible()
  await expect(busy).toHaveCount(0)
})
