import { expect, test } from '@playwright/test'
import { codeFromMail, expectAccessible, t } from './support'

// Each project creates its own community, so the two runs never meet.
const person = (project: string) => ({
  fullName: 'Rita Register',
  email: `rita-${project}@example.com`,
  community: `Rita's ${project} Circle`,
})

test('creating a community from scratch lands in it, signed in as its owner', async ({ page }, testInfo) => {
  const { fullName, email, community } = person(testInfo.project.name)
  await page.goto('/register')
  await expectAccessible(page)
  await page.getByLabel(t('en', 'auth:register.fullName')).fill(fullName)
  await page.getByLabel(t('en', 'auth:register.email')).fill(email)
  await page.getByLabel(t('en', 'auth:register.communityName')).fill(community)
  const code = await codeFromMail(email, async () => {
    await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'auth:register.codeTitle') })).toBeVisible()
  })
  await expectAccessible(page)
  await page.getByLabel(t('en', 'auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: t('en', 'auth:register.create') }).click()

  await expect(page).toHaveURL(`/rita-s-${testInfo.project.name}-circle`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('en', 'pages:community.welcome', { name: community }),
  )
  await expect(page.locator('.account-menu summary')).toHaveText(fullName)
  await expectAccessible(page)
})

test('bad details come back with the reasons and what was typed', async ({ page }) => {
  await page.goto('/register')
  await page.getByLabel(t('en', 'auth:register.fullName')).fill('Rita')
  await page.getByLabel(t('en', 'auth:register.email')).fill('not-an-email')
  await page.getByLabel(t('en', 'auth:register.communityName')).fill('R')
  // Conform renders the form with novalidate, so the server's checks answer, with or without JavaScript.
  await page.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
  await expect(page.getByText(t('en', 'auth:errors.fullNameRequired'))).toBeVisible()
  await expect(page.getByText(t('en', 'auth:errors.emailRequired'))).toBeVisible()
  await expect(page.getByText(t('en', 'auth:errors.communityNameRequired'))).toBeVisible()
  await expect(page.getByLabel(t('en', 'auth:register.fullName'))).toHaveValue('Rita')
  await expect(page.getByLabel(t('en', 'auth:register.email'))).toHaveValue('not-an-email')
  await expectAccessible(page)
})
