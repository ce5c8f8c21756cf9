// The room page's answers before any meeting: an unknown room and a room a guest may not enter
// (both projects).
import { expect, test } from '@playwright/test'
import { DEMO, t } from './support'

const m = (key: string) => t('en', `meeting:${key}`)

test('an unknown room answers 404 with the room-not-found page', async ({ page }) => {
  const response = await page.goto(`/${DEMO.slug}/no-such-room`)
  expect(response?.status()).toBe(404)
  await expect(page).toHaveURL(`/${DEMO.slug}/room-not-found`)
  await expect(page.getByRole('heading', { level: 1, name: m('roomNotFound.title') })).toBeVisible()
})

test('a group that is not open sends a guest to sign in', async ({ page }) => {
  await page.goto(`/${DEMO.slug}/book-club`)
  await expect(page).toHaveURL(/\/private\?redirectTo=%2Fdemo%2Fbook-club/)
})
