// Tags (/{brand}/tags) and subcommunities (/{brand}/subcommunities): an admin creates a tag past
// its bad input, sees an expired one under Expired, archives and restores, batch-deletes (and gets
// the spec's message when a ticked tag is already gone); a member is told they may not create
// tags; an admin makes a subcommunity with a group, which a guest sees only when the community
// opens subcommunity pages. Each project builds communities of its own.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import type { CreationAttributes } from 'sequelize'
import { Brand, BrandTag, Room } from '#models/index'
import { newId } from '../../models/ids'
import {
  addPerson,
  collectErrors,
  copyRow,
  demoCommunity,
  expectAccessible,
  makeCommunity,
  screenshot,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const DAY = 24 * 3600 * 1000
/** A date input's value `days` from today (UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
/** A date as Sequelize writes it to SQLite, so the app's comparisons read it. */

async function insertTag(brandId: string, label: string, fields: { expiresAt?: Date } = {}) {
  const tag = await BrandTag.create({
    brandId,
    label,
    newMembers: false,
    newGroups: false,
    expiresAt: fields.expiresAt ?? null,
  })
  return tag.id
}

async function tagsCommunity(suffix: string, fields: Partial<CreationAttributes<Brand>> = {}) {
  const slug = `tags-${suffix}`
  const brandId = await makeCommunity(slug, `Tags Test ${suffix}`, fields)
  const person = async (name: string, role: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@tags.hearth.test`
    await addPerson(brandId, { name, emailAddress, role })
    return emailAddress
  }
  return {
    slug,
    brandId,
    admin: await person('Ada Admin', 'community-admin'),
    member: await person('Mel Member', 'community-member'),
  }
}

const suffixOf = (project: string) => `${project}-${randomBytes(3).toString('hex')}`
const tab = (page: Page, key: string) =>
  page
    .getByRole('navigation', { name: text('tags:tabs.label') })
    .getByRole('link', { name: new RegExp(`^${text(key)}`) })
const row = (page: Page, label: string) => page.getByRole('row').filter({ hasText: label })

test('an admin creates, archives, restores and batch-deletes tags', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const community = await tagsCommunity(suffixOf(testInfo.project.name))
  const errors = collectErrors(page)
  await signInWithSession(page, community.admin)

  await page.goto(`/${community.slug}/tags`)
  await expect(page).toHaveTitle(`${text('tags:title.page')} · Hearth`)
  await expect(page.getByText(text('tags:list.empty.active'))).toBeVisible()

  // Bad input: a one-letter label and an expiry today. Both are refused, and what was typed stays.
  await page.getByRole('link', { name: text('tags:actions.new') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('tags:editor.newTitle') })).toBeVisible()
  await page.getByLabel(text('tags:editor.fields.label')).fill('M')
  await page.getByLabel(text('tags:editor.fields.description')).fill('People who mentor')
  await page.getByLabel(text('tags:editor.fields.expiresOn')).fill(dayFromNow(0))
  await page.getByRole('button', { name: text('tags:editor.create') }).click()
  await expect(page.getByText(text('tags:errors.labelTooShort'))).toBeVisible()
  await expect(page.getByText(text('tags:errors.expiryTooSoon'))).toBeVisible()
  await expect(page.getByLabel(text('tags:editor.fields.description'))).toHaveValue('People who mentor')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'tag-editor')

  // Good input: created with its expiry, shown under Active.
  await page.getByLabel(text('tags:editor.fields.label')).fill('Mentors')
  await page.getByLabel(text('tags:editor.fields.expiresOn')).fill(dayFromNow(10))
  await page.getByLabel(text('tags:editor.fields.newMembers')).check()
  await page.getByRole('button', { name: text('tags:editor.create') }).click()
  await expect(page.getByText(text('tags:flash.created', { label: 'Mentors' }))).toBeVisible()
  await expect(row(page, 'Mentors')).toContainText(text('tags:list.newMembers'))

  // A tag whose expiry has passed shows under Expired, not Active.
  await insertTag(community.brandId, 'Last season', { expiresAt: new Date(Date.now() - 60_000) })
  await page.reload()
  await expect(row(page, 'Last season')).toHaveCount(0)
  await tab(page, 'tags:tabs.expired').click()
  await expect(row(page, 'Last season')).toBeVisible()
  await tab(page, 'tags:tabs.active').click()

  // Archive, then restore.
  await row(page, 'Mentors')
    .getByRole('button', { name: `${text('tags:actions.archive')} Mentors` })
    .click()
  await expect(page.getByText(text('tags:flash.archived', { label: 'Mentors' }))).toBeVisible()
  await expect(row(page, 'Mentors')).toHaveCount(0)
  await tab(page, 'tags:tabs.archived').click()
  await row(page, 'Mentors')
    .getByRole('button', { name: `${text('tags:actions.restore')} Mentors` })
    .click()
  await expect(page.getByText(text('tags:flash.restored', { label: 'Mentors' }))).toBeVisible()
  await tab(page, 'tags:tabs.active').click()
  await expect(row(page, 'Mentors')).toBeVisible()

  // Batch delete: two ticked go together.
  await insertTag(community.brandId, 'Spare one')
  await insertTag(community.brandId, 'Spare two')
  await page.reload()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'tags')
  await page.getByLabel(text('tags:list.select', { label: 'Spare one' })).check()
  await page.getByLabel(text('tags:list.select', { label: 'Spare two' })).check()
  await page.getByRole('button', { name: text('tags:actions.deleteSelected') }).click()
  await expect(page.getByText(text('tags:flash.deleted_other', { count: 2 }))).toBeVisible()
  await expect(row(page, 'Spare one')).toHaveCount(0)
  await expect(row(page, 'Spare two')).toHaveCount(0)

  // A ticked tag that someone else deleted meanwhile: nothing is deleted and the spec's message shows.
  const gone = await insertTag(community.brandId, 'Vanishing')
  await page.reload()
  await page.getByLabel(text('tags:list.select', { label: 'Vanishing' })).check()
  await page.getByLabel(text('tags:list.select', { label: 'Mentors' })).check()
  await BrandTag.destroy({ where: { id: gone } })
  await page.getByRole('button', { name: text('tags:actions.deleteSelected') }).click()
  await expect(page.getByRole('alert').filter({ hasText: text('tags:errors.deleteFailed') })).toBeVisible()
  await expect(row(page, 'Mentors')).toBeVisible()
  expect(
    await BrandTag.findAll({ where: { brandId: community.brandId, label: 'Mentors' }, attributes: ['id'], raw: true }),
  ).toHaveLength(1)
  // The refused forms answer 400 by design; anything else logged is a failure.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})

test('a member sees tags but is told they may not create them', async ({ page }, testInfo) => {
  const community = await tagsCommunity(suffixOf(testInfo.project.name))
  await insertTag(community.brandId, 'Visible tag')
  await signInWithSession(page, community.member)
  await page.goto(`/${community.slug}/tags`)
  await expect(row(page, 'Visible tag')).toBeVisible()
  await expect(page.getByRole('button', { name: text('tags:actions.deleteSelected') })).toHaveCount(0)
  await page.getByRole('link', { name: text('tags:actions.new') }).click()
  await expect(page.getByRole('alert').filter({ hasText: text('tags:errors.noCreatePermission') })).toBeVisible()
  await expect(page.getByLabel(text('tags:editor.fields.label'))).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, testInfo, 'tag-refused')
})

/** A group room of the community, copied from the demo's group. */
async function addGroup(brandId: string, slug: string, name: string) {
  await copyRow(
    Room,
    { slug: 'book-club', brandId: (await demoCommunity()).id },
    { id: newId(), brandId, slug, name, context: 'group', status: 'active' },
  )
}

test('an admin makes a subcommunity; guests see it only when the community allows', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000)
  const suffix = suffixOf(testInfo.project.name)
  const community = await tagsCommunity(suffix, {
    publicAccess: { hub: false, groups: false, members: false, subcommunities: true },
  })
  await addGroup(community.brandId, `garden-${suffix}`, 'Garden Club')
  await signInWithSession(page, community.admin)

  await page.goto(`/${community.slug}/subcommunities`)
  await page.getByRole('link', { name: text('tags:subcommunities.new') }).click()
  await page.getByLabel(text('tags:subcommunities.fields.description')).fill('Outdoors people')
  await page.getByRole('button', { name: text('tags:subcommunities.create') }).click()
  await expect(page.getByText(text('tags:subcommunities.errors.titleRequired'))).toBeVisible()
  await expect(page.getByLabel(text('tags:subcommunities.fields.description'))).toHaveValue('Outdoors people')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'subcommunity-editor')
  await page.getByLabel(text('tags:subcommunities.fields.title')).fill('Outdoors')
  await page.getByLabel('Garden Club').check()
  await page.getByRole('button', { name: text('tags:subcommunities.create') }).click()
  await expect(page.getByText(text('tags:subcommunities.flash.created', { title: 'Outdoors' }))).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Outdoors' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Garden Club' })).toBeVisible()
  const address = new URL(page.url()).pathname
  await expectAccessible(page)
  await screenshots(page, testInfo, 'subcommunity')
  await page.getByRole('link', { name: text('tags:subcommunities.back') }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Outdoors' })).toContainText(
    text('tags:subcommunities.groupCount_one', { count: 1 }),
  )
  await expectAccessible(page)
  await screenshots(page, testInfo, 'subcommunities')

  // A guest (signed out) reads it while the community allows, and is sent to sign in once it does not.
  const guest = await browser.newPage({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  await guest.goto(address)
  await expect(guest.getByRole('heading', { level: 1, name: 'Outdoors' })).toBeVisible()
  await expect(guest.getByRole('link', { name: text('tags:subcommunities.edit') })).toHaveCount(0)
  await Brand.update(
    { publicAccess: { hub: false, groups: false, members: false, subcommunities: false } },
    { where: { id: community.brandId } },
  )
  // Communities are cached per process for up to 5 s after a write that bypasses the models.
  await expect(async () => {
    await guest.goto(address)
    expect(new URL(guest.url()).pathname).not.toBe(address)
  }).toPass({ timeout: 15_000 })
  await guest.close()
})
