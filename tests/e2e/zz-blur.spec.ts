import { expect, test } from '@playwright/test'
import { codeFromMail, t } from './support'
test('blur after an error posts to the server', async ({ page }) => {
  const posts: string[] = []
  page.on('request', (request) => { if (request.method() === 'POST') posts.push(`${request.url()} ${request.postData()}`) })
  await page.goto('/sign-in?redirectTo=%2Fdemo')
  await page.getByLabel(t('en', 'auth:signIn.identifier')).fill('owner')
  await page.getByRole('button', { name: t('en', 'auth:signIn.send') }).click()
  await expect(page.getByText(t('en', 'auth:errors.identifierInvalid'))).toBeVisible()
  const field = page.getByLabel(t('en', 'auth:signIn.identifier'))
  // Fix the identifier and leave the field, without clicking Send.
  const code = await codeFromMail('mia@demo.hearth.test', async () => {
    await field.fill('mia@demo.hearth.test')
    await field.press('Tab')
    await page.waitForTimeout(1500)
  }).catch((error) => String(error))
  console.log('POSTS', JSON.stringify(posts, null, 1))
  console.log('CODE', code, 'heading', await page.getByRole('heading', { level: 1 }).textContent())
})
