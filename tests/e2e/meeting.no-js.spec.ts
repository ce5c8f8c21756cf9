// The room page without JavaScript: the room, its host and a note that the meeting needs
// JavaScript, with the Join button disabled (no-JavaScript project only).
import { expect, test } from '@playwright/test'
import { DEMO, expectAccessible, t } from './support'

const m = (key: string, values: Record<string, string> = {}) => t('en', `meeting:${key}`, values)
const [OWNER] = DEMO.accounts

test('without JavaScript the room page names the room and its host and says the meeting needs JavaScript', async ({
  page,
}) => {
  const response = await page.goto(`/${DEMO.slug}/hub`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: DEMO.hubName })).toBeVisible()
  await expect(page.getByText(m('home.hostedBy', { name: OWNER.name }))).toBeVisible()
  await expect(page.getByText(m('home.needsJavaScript'))).toBeVisible()
  await expect(page.getByRole('button', { name: m('home.join'), exact: true })).toBeDisabled()
  await expectAccessible(page)
})
