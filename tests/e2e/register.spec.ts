import { expect, test } from '@playwright/test'
import { codeFromMail, expectAccessible, hasJavaScript, screenshot, t } from './support'

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

test('a new community shares its sign-up link and a stranger joins by it', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000)
  const project = testInfo.project.name
  const email = `sam-${project}@example.com`
  const slug = `sam-s-${project}-garden`
  await page.goto('/register')
  await page.getByLabel(t('en', 'auth:register.fullName')).fill('Sam Starter')
  await page.getByLabel(t('en', 'auth:register.email')).fill(email)
  await page.getByLabel(t('en', 'auth:register.communityName')).fill(`Sam's ${project} Garden`)
  const code = await codeFromMail(email, () =>
    page.getByRole('button', { name: t('en', 'auth:register.continue') }).click(),
  )
  await page.getByLabel(t('en', 'auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: t('en', 'auth:register.create') }).click()
  await expect(page).toHaveURL(`/${slug}`)

  // The owner finds the link under Settings: closed at first, then opened.
  await page.goto(`/${slug}/settings`)
  await page
    .getByRole('navigation', { name: t('en', 'settings:tabs.label') })
    .getByRole('link', { name: t('en', 'settings:tabs.signUp') })
    .click()
  await expect(page).toHaveURL(`/${slug}/settings/sign-up`)
  await expect(page.getByText(t('en', 'settings:signUp.isClosed'))).toBeVisible()
  const box = page.getByLabel(t('en', 'settings:signUp.link'))
  const first = await box.inputValue()
  expect(first).toMatch(new RegExp(`/${slug}/signup-[A-Za-z0-9_-]{36}$`))
  await expect(page.getByRole('img', { name: t('en', 'settings:signUp.qrAlt') })).toBeVisible()
  await page.getByRole('button', { name: t('en', 'settings:signUp.open') }).click()
  await expect(page.getByRole('status').filter({ hasText: t('en', 'settings:signUp.flash.open') })).toBeVisible()
  await expect(page.getByText(t('en', 'settings:signUp.isOpen'))).toBeVisible()
  // Copy is JavaScript's; without it the box is there to copy from.
  const copy = page.getByRole('button', { name: t('en', 'common:copy.copy') })
  if (hasJavaScript(testInfo)) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await copy.click()
    await expect(page.getByRole('button', { name: t('en', 'common:copy.copied') })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
  } else {
    await expect(copy).toHaveCount(0)
  }
  await expectAccessible(page)
  await screenshot(page, testInfo, 'settings-sign-up')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, testInfo, 'settings-sign-up')
  await page.setViewportSize({ width: 1280, height: 900 })

  // Renewed, the old link is gone.
  await page.getByRole('button', { name: t('en', 'settings:signUp.renew') }).click()
  await expect(page.getByRole('status').filter({ hasText: t('en', 'settings:signUp.flash.renew') })).toBeVisible()
  const link = await box.inputValue()
  expect(link).not.toBe(first)
  expect((await page.request.get(new URL(first).pathname)).status()).toBe(404)

  // A stranger opens the new link, gives a bad address first, then signs up and is in.
  const stranger = await browser.newContext({ javaScriptEnabled: hasJavaScript(testInfo) })
  const visitor = await stranger.newPage()
  const strangerEmail = `lee-${project}@example.com`
  await visitor.goto(new URL(link).pathname)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    t('en', 'signup:selfSignup.heading', { community: `Sam's ${project} Garden` }),
  )
  await visitor.getByLabel(t('en', 'auth:register.fullName')).fill('Lee Stranger')
  await visitor.getByLabel(t('en', 'auth:register.email')).fill('lee@')
  await visitor.getByRole('button', { name: t('en', 'auth:register.continue') }).click()
  await expect(visitor.getByText(t('en', 'auth:errors.emailRequired'))).toBeVisible()
  await expect(visitor.getByLabel(t('en', 'auth:register.fullName'))).toHaveValue('Lee Stranger')
  await visitor.getByLabel(t('en', 'auth:register.email')).fill(strangerEmail)
  const joinCode = await codeFromMail(strangerEmail, () =>
    visitor.getByRole('button', { name: t('en', 'auth:register.continue') }).click(),
  )
  await visitor.getByLabel(t('en', 'auth:signIn.code')).fill(joinCode)
  await visitor.getByRole('button', { name: t('en', 'signup:selfSignup.confirm') }).click()
  await expect(visitor).toHaveURL(`/${slug}`)
  await expect(visitor.locator('.account-menu summary')).toHaveText('Lee Stranger')
  await stranger.close()

  // Closed again, the link answers "not found".
  await page.getByRole('button', { name: t('en', 'settings:signUp.close') }).click()
  await expect(page.getByRole('status').filter({ hasText: t('en', 'settings:signUp.flash.close') })).toBeVisible()
  expect((await page.request.get(new URL(link).pathname)).status()).toBe(404)
  // A change the page never offers is refused with 400, and nothing changes.
  const refused = await page.request.post(`/${slug}/settings/sign-up`, { form: { change: 'delete' } })
  expect(refused.status()).toBe(400)
  await page.reload()
  await expect(box).toHaveValue(link)
  await expect(page.getByText(t('en', 'settings:signUp.isClosed'))).toBeVisible()
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
