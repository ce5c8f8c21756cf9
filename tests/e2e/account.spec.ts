// The account pages: /me (the user's communities and rooms), /communities (theirs and the public
// ones) and /me/settings (profile, picture). The signed-in test starts from a session row
// (signInWithSession): signing in itself is sign-in.spec.ts's subject, not this file's.
import { expect, test, type Page } from '@playwright/test'
import { pngDeclaring, solidImage } from '../support/images'
import { DEMO, expectAccessible, hasJavaScript, screenshot, signInWithSession, t } from './support'

const [OWNER, ADMIN] = DEMO.accounts
const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

/** Both widths the layout is checked at, phone first. */
async function shootBothWidths(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, test.info(), name)
  }
}

test('signed out, /me asks to sign in and /communities lists the public communities', async ({ page }) => {
  await page.goto('/me')
  await expect(page).toHaveURL('/sign-in?redirectTo=%2Fme')

  expect((await page.goto('/communities'))?.status()).toBe(200)
  await expect(page).toHaveTitle(`${text('account:communities.title')} · Hearth`)
  await expect(page.getByRole('heading', { level: 1, name: text('account:communities.title') })).toBeVisible()
  const yours = page.getByRole('region', { name: text('account:communities.yours') })
  await expect(yours.getByText(text('account:communities.signInPrompt'))).toBeVisible()
  await expect(yours.getByRole('link', { name: text('account:communities.signIn') })).toHaveAttribute(
    'href',
    '/sign-in?redirectTo=%2Fcommunities',
  )
  const listing = page.getByRole('region', { name: text('account:communities.public') })
  // Other specs add public communities of their own, so there may be more pages: the first has no
  // way back, and page links show only with a way on.
  const pagination = page.getByRole('navigation', { name: text('account:communities.pagination') })
  await expect(page.getByRole('link', { name: text('account:communities.previous') })).toHaveCount(0)
  if (await pagination.count())
    await expect(pagination.getByRole('link', { name: text('account:communities.next') })).toBeVisible()
  else expect(await listing.getByRole('listitem').count()).toBeLessThanOrEqual(24)
  await expectAccessible(page)
  // The list is by name, and those specs' names may come before the demo's: it is on the page it falls on.
  const demo = listing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: DEMO.name }) })
  for (let next = 2; !(await demo.count()) && next <= 20; next++) await page.goto(`/communities?page=${next}`)
  await expect(demo.getByRole('link', { name: DEMO.name })).toHaveAttribute('href', `/${DEMO.slug}`)
  await expect(demo.getByText(text('account:communities.members_other', { count: DEMO.accounts.length }))).toBeVisible()
})

test('signed in: /me, /communities, and saving the settings and the picture', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  // Each project has its own account, so the two runs never edit the same profile.
  const account = hasJavaScript(testInfo) ? OWNER : ADMIN
  // The badge reads "Owner" on screen; its hidden prefix tells a screen reader what it is.
  const standing = `${text('account:standing.label')}: ${text(`account:standing.${account.role === 'community-owner' ? 'owner' : 'admin'}`)}`
  const roomSlug = account.emailAddress.split('@')[0]!

  await signInWithSession(page, account.emailAddress)
  await page.goto('/me')

  // /me: the community with the standing, and the personal room in it.
  await expect(page).toHaveTitle(`${text('account:me.title')} · Hearth`)
  await expect(page.getByRole('heading', { level: 1, name: text('account:me.title') })).toBeVisible()
  const card = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: DEMO.name }) })
  await expect(card.getByText(standing, { exact: true })).toBeVisible()
  await expect(card.getByRole('link', { name: DEMO.name })).toHaveAttribute('href', `/${DEMO.slug}`)
  await expect(card.getByRole('link', { name: account.name, exact: true })).toHaveAttribute(
    'href',
    `/${DEMO.slug}/${roomSlug}`,
  )
  // Each room the person hosts links its own settings.
  await expect(
    card.getByRole('link', { name: `${t('en', 'account:rooms.settings')} (${account.name})` }),
  ).toHaveAttribute('href', `/me/rooms/${DEMO.slug}/${roomSlug}`)
  await expectAccessible(page)
  await shootBothWidths(page, 'me')

  // Picking the community goes there.
  await card.getByRole('link', { name: DEMO.name }).click()
  await expect(page).toHaveURL(`/${DEMO.slug}`)

  // /communities: the same rooms under "Your rooms".
  await page.goto('/communities')
  const yours = page.getByRole('region', { name: text('account:communities.yours') })
  const yourCard = yours.getByRole('listitem').filter({ has: page.getByRole('heading', { name: DEMO.name }) })
  await expect(yourCard.getByText(standing, { exact: true })).toBeVisible()
  await expect(yourCard.getByRole('link', { name: account.name, exact: true })).toHaveAttribute(
    'href',
    `/${DEMO.slug}/${roomSlug}`,
  )
  await expectAccessible(page)

  // /me/settings: the stored profile and the preference defaults.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/me/settings')
  await expect(page).toHaveTitle(`${text('account:settings.title')} · Hearth`)
  const profile = page.getByRole('region', { name: text('account:settings.sections.profile') })
  const name = profile.getByLabel(text('account:settings.fields.name'))
  const company = profile.getByLabel(text('account:settings.fields.company'))
  const website = profile.getByLabel(text('account:settings.fields.websiteUrl'))
  const save = profile.getByRole('button', { name: text('account:settings.save') })
  await expect(name).toHaveValue(account.name)
  await expect(profile.getByLabel(text('account:settings.fields.emailNotifications'))).toBeChecked()
  await expect(profile.getByLabel(text('account:settings.fields.smsNotifications'))).toBeChecked()
  await expect(profile.getByLabel(text('account:settings.fields.showEmail'))).not.toBeChecked()
  await expect(profile.getByLabel(text('account:settings.fields.showPhone'))).not.toBeChecked()
  await expect(profile.getByLabel(text('account:settings.fields.preferredLanguage'))).toHaveValue('')

  // A bad address: its message, and everything typed kept.
  await company.fill('Typed Co')
  await website.fill('not a web address')
  await profile.getByLabel(text('account:settings.fields.showEmail')).check()
  await save.click()
  await expect(profile.getByText(text('account:errors.urlInvalid'))).toBeVisible()
  await expect(website).toHaveAttribute('aria-invalid', 'true')
  await expect(website).toHaveValue('not a web address')
  await expect(company).toHaveValue('Typed Co')
  await expect(profile.getByLabel(text('account:settings.fields.showEmail'))).toBeChecked()
  await expect(page.getByRole('status')).toHaveCount(0)
  await expectAccessible(page)

  // A good one: saved, the notice once, the stored values shown (trimmed).
  await website.fill('  https://example.com/profile  ')
  await save.click()
  await expect(page.getByRole('status')).toHaveText(text('account:settings.saved'))
  await expect(website).toHaveValue('https://example.com/profile')
  await expect(company).toHaveValue('Typed Co')
  await expect(profile.getByLabel(text('account:settings.fields.showEmail'))).toBeChecked()
  await expect(name).toHaveValue(account.name)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: text('account:settings.title') })).toBeVisible()
  await expect(page.getByRole('status')).toHaveCount(0)
  await expect(website).toHaveValue('https://example.com/profile')

  // The picture: a text file dressed as a PNG is refused, and so is a PNG whose header declares
  // 20000×20000 pixels; a real WebP and then a real PNG are stored and shown.
  const picture = page.getByRole('region', { name: text('account:settings.avatar.heading') })
  const fileInput = picture.getByLabel(text('account:settings.avatar.file'))
  const upload = picture.getByRole('button', { name: text('account:settings.avatar.upload') })
  await fileInput.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all'),
  })
  await upload.click()
  await expect(picture.getByText(text('account:errors.avatarNotImage'))).toBeVisible()
  await picture
    .getByLabel(text('account:settings.avatar.file'))
    .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: pngDeclaring(20_000, 20_000) })
  await upload.click()
  await expect(picture.getByText(text('account:uploads.avatarDimensions'))).toBeVisible()
  const webp = await solidImage('webp', 320, 200)
  await picture
    .getByLabel(text('account:settings.avatar.file'))
    .setInputFiles({ name: 'me.webp', mimeType: 'image/webp', buffer: webp })
  await upload.click()
  await expect(page.getByRole('status')).toHaveText(text('account:settings.saved'))
  await expect(picture.getByRole('img', { name: text('account:settings.avatar.current') })).toHaveAttribute(
    'src',
    /^\/uploads\/avatars\/[\w-]+\.png$/,
  )
  const png = await solidImage('png', 640, 480)
  await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
  await upload.click()
  await expect(page.getByRole('status')).toHaveText(text('account:settings.saved'))
  const avatar = picture.getByRole('img', { name: text('account:settings.avatar.current') })
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/[\w-]+\.png$/)
  // The form starts afresh: the earlier refusal is gone.
  await expect(picture.getByText(text('account:errors.avatarNotImage'))).toHaveCount(0)
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256)
  await expectAccessible(page)
  await shootBothWidths(page, 'settings')
})
