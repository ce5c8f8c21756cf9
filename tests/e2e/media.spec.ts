// The media library (/{brand}/media): a member uploads an image (a plain form without JavaScript,
// with a progress bar where it runs), sees it listed and served, deletes it, and a file whose
// content is not an image is refused with the accepted-type message whatever its name says.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expect, test, type Page } from '@playwright/test'
import { Brand } from '#models/index'
import { makeRoom } from '../support/factories'
import {
  addPerson,
  collectErrors,
  expectAccessible,
  hasJavaScript,
  makeCommunity,
  screenshot,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function makeMediaCommunity(suffix: string) {
  const slug = `media-${suffix}`
  const brandId = await makeCommunity(slug, `Media Test ${suffix}`)
  const emailAddress = `mel.${suffix}@media.hearth.test`
  await addPerson(brandId, { name: 'Mel Member', emailAddress })
  return { slug, emailAddress }
}

const fileInput = (page: Page) => page.getByLabel(text('media:upload.label', { max: 5 }))
const uploadButton = (page: Page) => page.getByRole('button', { name: text('media:upload.button'), exact: true })

test('a member uploads an image, sees it listed, deletes it; a wrong type is refused', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeMediaCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)
  await signInWithSession(page, community.emailAddress)

  await page.goto(`/${community.slug}/media`)
  await expect(page).toHaveTitle(`${text('media:title.page')} · Hearth`)
  await expect(page.getByRole('heading', { level: 1, name: text('media:title.page') })).toBeVisible()
  await expect(page.getByRole('link', { name: text('media:tabs.images') })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText(text('media:list.empty.images'))).toBeVisible()

  // A tall picture: kept 1080 high.
  const picture = await sharp({ create: { width: 600, height: 1600, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer()
  await fileInput(page).setInputFiles({
    name: 'a-rather-long-holiday-picture-name.png',
    mimeType: 'image/png',
    buffer: picture,
  })
  if (hasJavaScript(testInfo)) {
    // The upload goes through the progress-reporting route; held for a moment so the bar can be seen.
    await page.route('**/media/upload*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      await route.continue()
    })
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/${community.slug}/media/upload` && request.method() === 'POST',
    )
    await uploadButton(page).click()
    await sent
    await expect(page.getByRole('progressbar', { name: text('media:upload.progressLabel') })).toBeVisible()
  } else {
    await uploadButton(page).click()
  }
  await expect(page.getByText(text('media:flash.uploaded_one', { count: 1 }))).toBeVisible()
  const shortened = 'a-rather-lre-name.png'
  const link = page.getByRole('link', { name: shortened, exact: true })
  await expect(link).toBeVisible()
  await expect(page.getByText('405 × 1080')).toBeVisible()
  // The picture is served (to its owner) and shows.
  const thumb = page.locator('img.media-thumb')
  await expect(thumb).toHaveJSProperty('complete', true)
  expect(await thumb.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBe(1080)

  await expectAccessible(page)
  await screenshots(page, testInfo, 'media')

  // A text file named like a picture: refused by its content, with the accepted-type message.
  await fileInput(page).setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('only words here'),
  })
  await uploadButton(page).click()
  await expect(page.getByText(text('media:errors.type', { name: 'fake.png', accepted: 'image/' }))).toBeVisible()
  await expect(page.getByRole('link', { name: 'fake.png' })).toHaveCount(0)
  await screenshot(page, testInfo, 'media-refused')

  // Delete it.
  await page.getByRole('button', { name: `${text('media:list.delete')} ${shortened}` }).click()
  await expect(page.getByText(text('media:flash.deleted'))).toBeVisible()
  await expect(page.getByRole('link', { name: shortened })).toHaveCount(0)
  await expect(page.getByText(text('media:list.empty.images'))).toBeVisible()

  // The other tabs.
  await page.getByRole('link', { name: text('media:tabs.files') }).click()
  await expect(page).toHaveURL(`/${community.slug}/media?type=files`)
  await expect(page.getByText(text('media:list.empty.files'))).toBeVisible()
  // The refused upload's 415 is the one error the browser logs.
  expect(errors.filter((error) => !/status of 415/.test(error))).toEqual([])
})

test("a group's library is shared: a member adds a picture from the group page, a viewer sees it and cannot add", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const community = await makeMediaCommunity(suffix)
  const brand = await Brand.findOne({ where: { slug: community.slug }, rejectOnEmpty: true })
  const group = await makeRoom(brand, { slug: `garden-${suffix}`, name: 'Garden Club', roomType: 'public' })
  const viewer = `vic.${suffix}@media.hearth.test`
  await addPerson(brand.id, { name: 'Vic Viewer', emailAddress: viewer, role: 'community-viewer' })
  const errors = collectErrors(page)

  // A member: from the group's page to its library, an empty upload first, then a picture.
  await signInWithSession(page, community.emailAddress)
  await page.goto(`/${community.slug}/groups/${group.slug}`)
  await page.getByRole('link', { name: text('groups:actions.media') }).click()
  await expect(page).toHaveURL(`/${community.slug}/media?room=${group.id}`)
  await expect(
    page.getByRole('heading', { level: 1, name: text('media:group.title', { name: 'Garden Club' }) }),
  ).toBeVisible()
  await uploadButton(page).click()
  await expect(page.getByText(text('media:errors.none'))).toBeVisible()
  const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6a2' } })
    .png()
    .toBuffer()
  await fileInput(page).setInputFiles({ name: 'tomatoes.png', mimeType: 'image/png', buffer: picture })
  await uploadButton(page).click()
  await expect(page.getByText(text('media:flash.uploaded_one', { count: 1 }))).toBeVisible()
  await expect(page).toHaveURL(`/${community.slug}/media?room=${group.id}`)
  await expect(page.getByRole('link', { name: 'tomatoes.png', exact: true })).toBeVisible()
  // The member's own library is apart.
  await page.goto(`/${community.slug}/media`)
  await expect(page.getByText(text('media:list.empty.images'))).toBeVisible()

  // A viewer of the community reads the group's library and opens the picture, with no upload form.
  const context = await browser.newContext({ javaScriptEnabled: hasJavaScript(testInfo) })
  const viewerPage = await context.newPage()
  try {
    await signInWithSession(context, viewer)
    await viewerPage.goto(`/${community.slug}/media?room=${group.id}`)
    await expect(viewerPage.getByText(text('media:group.readOnly'))).toBeVisible()
    await expect(fileInput(viewerPage)).toHaveCount(0)
    await expect(viewerPage.getByRole('button', { name: `${text('media:list.delete')} tomatoes.png` })).toHaveCount(0)
    await expect(viewerPage.locator('img.media-thumb')).toHaveJSProperty('naturalWidth', 64)
    await screenshots(viewerPage, testInfo, 'media-group-viewer')
  } finally {
    await context.close()
  }
  // The empty upload's 400 is the one error the browser logs.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})
