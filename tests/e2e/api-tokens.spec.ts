// API tokens, with and without JavaScript. /me/tokens: a member makes a personal access token (a refused form keeps
// what was chosen), sees its secret once, calls the API with it from a client that has no cookie, sees its last use in
// the list, revokes it, and the API refuses it from then on. /{brand}/admin/tokens: an owner makes a community
// token, whose bot posts in the community's feed under its own name, and revokes it.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import {
  addPerson,
  expectAccessible,
  makeCommunity,
  makeCommunityWithHub,
  screenshots,
  signInWithSession,
  t,
} from './support'

const a = (key: string, values: Record<string, string | number> = {}) => t('en', `account:${key}`, values)

test('a member makes an API token, uses it, and revokes it', async ({ page, playwright }, testInfo) => {
  const tag = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const name = `Tokens ${tag}`
  const brandId = await makeCommunity(`tokens-${tag}`, name)
  const emailAddress = `tess-${tag}@tokens.example`
  await addPerson(brandId, { name: `Tess ${tag}`, emailAddress })
  await signInWithSession(page, emailAddress)

  await page.goto('/me')
  await page.getByRole('link', { name: a('me.tokens') }).click()
  await expect(page.getByRole('heading', { level: 1, name: a('tokens.title') })).toBeVisible()
  await expect(page.getByText(a('tokens.empty'))).toBeVisible()

  // A name of spaces is refused; the scope and community chosen stay chosen.
  await page.getByLabel(a('tokens.name')).fill('   ')
  await page.getByLabel(a('tokens.scopes.write')).check()
  await page.getByLabel(a('tokens.community')).selectOption({ label: name })
  await page.getByRole('button', { name: a('tokens.create') }).click()
  await expect(page.getByText(a('tokens.errors.nameRequired'))).toBeVisible()
  await expect(page.getByLabel(a('tokens.scopes.write'))).toBeChecked()
  await expect(page.getByLabel(a('tokens.community'))).toHaveValue(brandId)

  await page.getByLabel(a('tokens.name')).fill('Calendar sync')
  await page.getByLabel(a('tokens.lifetime')).selectOption({ label: a('tokens.lifetimes.days90') })
  await page.getByRole('button', { name: a('tokens.create') }).click()
  const shown = page.getByRole('status').filter({ hasText: a('tokens.createdTitle') })
  await expect(shown).toBeVisible()
  const secret = await shown.getByRole('textbox').inputValue()
  expect(secret).toMatch(/^hearth_/)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'api-token-created')

  // A client with no cookie: the token alone answers as Tess.
  const client = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const drafts = () => client.get(`/api/drafts?brandId=${brandId}`, { headers: { Authorization: `Bearer ${secret}` } })
  expect((await drafts()).status()).toBe(200)
  expect((await client.get(`/api/drafts?brandId=${brandId}`)).status()).toBe(401)

  // Listed without its secret, with its last use.
  await page.goto('/me/tokens')
  const row = page.getByRole('row').filter({ hasText: 'Calendar sync' })
  await expect(row).toContainText(a('tokens.scopeNames.write'))
  await expect(row).toContainText(name)
  await expect(row).not.toContainText(a('tokens.never'))
  await expect(page.getByText(secret)).toHaveCount(0)
  await screenshots(page, testInfo, 'api-tokens-list')

  await row.getByRole('button', { name: a('tokens.revokeLabel', { name: 'Calendar sync' }) }).click()
  await expect(page.getByText(a('tokens.revoked', { name: 'Calendar sync' }))).toBeVisible()
  await expect(page.getByText(a('tokens.empty'))).toBeVisible()
  const refused = await drafts()
  expect(refused.status()).toBe(401)
  expect((await refused.json()).error).toBe('tokenInvalid')
  await client.dispose()
})

test('an owner makes a community token; its bot posts under its own name until revoked', async ({
  page,
  playwright,
}, testInfo) => {
  const tag = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `bots-${tag}`
  const { brandId, hubId } = await makeCommunityWithHub(slug, `Bots ${tag}`, { slug: `hub-${tag}`, name: 'Bots Hub' })
  const emailAddress = `otto-${tag}@bots.example`
  await addPerson(brandId, { name: `Otto ${tag}`, emailAddress, role: 'community-owner' })
  await signInWithSession(page, emailAddress)

  await page.goto(`/${slug}/admin`)
  await page.getByRole('link', { name: t('en', 'admin:nav.tokens') }).click()
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'admin:tokens.title') })).toBeVisible()
  // A community token has no community to choose: it is the community's.
  await expect(page.locator('#new-token').getByLabel(a('tokens.community'))).toHaveCount(0)
  await page.getByLabel(a('tokens.name')).fill('Newsletter bot')
  await page.getByLabel(a('tokens.scopes.write')).check()
  await page.getByRole('button', { name: a('tokens.create') }).click()
  const secret = await page
    .getByRole('status')
    .filter({ hasText: a('tokens.createdTitle') })
    .getByRole('textbox')
    .inputValue()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'community-token-created')

  const client = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  const post = () =>
    client.post('/api/posts', {
      headers: { Authorization: `Bearer ${secret}` },
      data: { contextRoomId: hubId, message: `News ${tag}` },
    })
  expect((await post()).status()).toBe(201)
  await page.goto(`/${slug}`)
  await expect(page.getByRole('article').filter({ hasText: `News ${tag}` })).toContainText('Newsletter bot')

  await page.goto(`/${slug}/admin/tokens`)
  await page.getByRole('button', { name: a('tokens.revokeLabel', { name: 'Newsletter bot' }) }).click()
  await expect(page.getByText(a('tokens.revoked', { name: 'Newsletter bot' }))).toBeVisible()
  expect((await post()).status()).toBe(401)
  await client.dispose()
})
