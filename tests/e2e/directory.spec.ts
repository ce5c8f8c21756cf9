// The room directory (/directory/{brand}): a guest and a member see the rooms meant for them, the
// launcher opens the widget and closes again, a room's QR code is an SVG; an admin changes the
// directory's settings (a bad offset is refused, what was typed kept) and switches it off (not
// found), and mails install instructions (no recipient is refused; the mail arrives). Each project
// builds a community of its own (makeCommunity), so nothing here reaches the demo other specs read.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import type { CreationAttributes } from 'sequelize'
import type { DirectorySettings } from '#models/brand-config'
import { Room } from '#models/index'
import {
  addPerson,
  collectErrors,
  copyRow,
  demoCommunity,
  expectAccessible,
  mailsTo,
  makeCommunity,
  screenshots,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function makeDirectoryCommunity(suffix: string) {
  const slug = `directory-${suffix}`
  const name = `Directory Test ${suffix}`
  const settings: DirectorySettings = {
    enabled: true,
    type: 'launcher',
    position: 'bottom-right',
    offsetX: 24,
    offsetY: 24,
    theme: null,
    pinnedRoomIds: [],
    selfSignup: false,
  }
  const brandId = await makeCommunity(slug, name, { directorySettings: settings })
  const demo = await demoCommunity()
  const room = async (roomName: string, fields: Partial<CreationAttributes<Room>>) => {
    const roomSlug = `${roomName.toLowerCase().replace(/\s+/g, '-')}-${suffix}`
    await copyRow(
      Room,
      { slug: 'hub', brandId: demo.id },
      {
        id: randomBytes(18).toString('base64url'),
        slug: roomSlug,
        name: roomName,
        brandId,
        hostId: null,
        context: 'personal',
        enabledInDirectory: true,
        pinnedInDirectory: false,
        ...fields,
      },
    )
    return roomSlug
  }
  const person = async (personName: string, role = 'community-member') => {
    const emailAddress = `${personName.toLowerCase().replace(/\s+/g, '.')}.${suffix}@directory.hearth.test`
    await addPerson(brandId, { name: personName, emailAddress, role })
    return emailAddress
  }
  return {
    slug,
    name,
    lounge: await room('Open Lounge', { visibleInDirectory: 'everyone' }),
    pinned: await room('Zen Garden', { visibleInDirectory: 'everyone', pinnedInDirectory: true }),
    inner: await room('Inner Circle', { visibleInDirectory: 'members' }),
    hidden: await room('Hidden Den', { visibleInDirectory: 'none', enabledInDirectory: false }),
    admin: await person('Ada Admin', 'community-admin'),
    member: await person('Mel Member'),
  }
}

const roomList = (page: Page) => page.getByRole('list', { name: text('directory:rooms') })
/** The rooms' names as listed (each room's own link, not its QR code's). */
const roomNames = (page: Page) => roomList(page).locator('.directory-room-name > a')

test('guests and members see their rooms; the launcher opens the widget; a room has a QR code', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeDirectoryCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  const errors = collectErrors(page)

  // A guest: the rooms for everyone, the pinned one first; nothing kept for members, nothing hidden.
  await page.goto(`/directory/${community.slug}`)
  await expect(page).toHaveURL(new RegExp(`/directory/${community.slug}/page$`))
  await expect(page).toHaveTitle(`${text('directory:title')} · Hearth`)
  await expect(
    page.getByRole('heading', { level: 1, name: text('directory:heading', { name: community.name }) }),
  ).toBeVisible()
  await expect(roomNames(page)).toHaveText(['Zen Garden', 'Open Lounge'])
  await expectAccessible(page)
  await screenshots(page, testInfo, 'directory-page')

  // The QR code of a room's link is an SVG from the server.
  const qr = roomList(page).getByRole('link', { name: text('directory:qr.linkFor', { name: 'Open Lounge' }) })
  await expect(qr).toHaveAttribute('href', `/resources/qr/${community.slug}/${community.lounge}`)
  const svg = await page.request.get(`/resources/qr/${community.slug}/${community.lounge}`)
  expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/)
  expect(await svg.text()).toMatch(/^<svg/)
  await qr.click()
  await expect(page).toHaveURL(new RegExp(`/resources/qr/${community.slug}/${community.lounge}$`))

  // The launcher opens the widget and the widget closes back to it, with or without JavaScript.
  await page.goto(`/directory/${community.slug}/launcher`)
  await expect(page.getByRole('banner')).toBeHidden()
  await screenshots(page, testInfo, 'directory-launcher')
  await page.getByRole('link', { name: text('directory:open', { name: community.name }) }).click()
  await expect(page).toHaveURL(new RegExp(`/directory/${community.slug}/widget$`))
  await expect(roomNames(page)).toHaveText(['Zen Garden', 'Open Lounge'])
  await expectAccessible(page)
  await screenshots(page, testInfo, 'directory-widget')
  await page.getByRole('link', { name: text('directory:close') }).click()
  await expect(page).toHaveURL(new RegExp(`/directory/${community.slug}/launcher$`))

  // A member also sees the room kept for members.
  const memberContext = await browser.newContext()
  const memberPage = await memberContext.newPage()
  await signInWithSession(memberPage, community.member)
  await memberPage.goto(`/directory/${community.slug}/listing`)
  await expect(roomNames(memberPage)).toHaveText(['Zen Garden', 'Inner Circle', 'Open Lounge'])
  await screenshots(memberPage, testInfo, 'directory-listing')
  await memberContext.close()
  expect(errors).toEqual([])
})

test('an admin sets the directory up, switches it off, and mails install instructions', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  const community = await makeDirectoryCommunity(`${testInfo.project.name}-${randomBytes(3).toString('hex')}`)
  await signInWithSession(page, community.admin)
  const settings = () => page.getByRole('form', { name: text('directory:settings.heading') })

  await page.goto(`/${community.slug}/admin/directory`)
  await expect(settings().getByLabel(text('directory:settings.enabled'))).toBeChecked()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'admin-directory-settings')

  // A bad offset: refused with its message, what was typed kept, nothing saved.
  await settings().getByLabel(text('directory:settings.position')).selectOption('top-left')
  await settings().getByLabel(text('directory:settings.offsetX')).fill('999')
  await settings()
    .getByRole('button', { name: text('directory:settings.save') })
    .click()
  await expect(settings().getByText(text('directory:errors.offsetRange'))).toBeVisible()
  await expect(settings().getByLabel(text('directory:settings.offsetX'))).toHaveValue('999')
  await expect(settings().getByLabel(text('directory:settings.position'))).toHaveValue('top-left')

  // Fixed, and switched off: saved, and the directory is not found any more.
  await settings().getByLabel(text('directory:settings.offsetX')).fill('40')
  await settings().getByLabel(text('directory:settings.enabled')).uncheck()
  await settings()
    .getByRole('button', { name: text('directory:settings.save') })
    .click()
  await expect(page.getByText(text('admin:flash.saved'))).toBeVisible()
  await expect(settings().getByLabel(text('directory:settings.offsetX'))).toHaveValue('40')
  await expect(settings().getByLabel(text('directory:settings.enabled'))).not.toBeChecked()
  expect((await page.request.get(`/directory/${community.slug}/page`)).status()).toBe(404)

  // Install instructions: a recipient is needed; then the mail arrives with the launcher's snippet.
  await page.goto(`/${community.slug}/settings/install`)
  const send = page.getByRole('form', { name: text('directory:install.sendHeading') })
  await send.getByLabel(text('directory:install.domain')).fill('https://club.example.org')
  await send.getByLabel(text('directory:install.message')).fill('Our directory, please.')
  await send.getByRole('button', { name: text('directory:install.send') }).click()
  await expect(send.getByText(text('directory:errors.recipientRequired'))).toBeVisible()
  await expect(send.getByLabel(text('directory:install.message'))).toHaveValue('Our directory, please.')
  await screenshots(page, testInfo, 'install-send-instructions')
  const webmaster = `webmaster.${testInfo.project.name}.${randomBytes(3).toString('hex')}@club.hearth.test`
  await send.getByLabel(text('directory:install.to')).fill(webmaster)
  await send.getByRole('button', { name: text('directory:install.send') }).click()
  await expect(page.getByText(text('directory:install.sent'))).toBeVisible()
  await expect.poll(() => mailsTo(webmaster).length, { timeout: 10_000 }).toBe(1)
  const [mail] = mailsTo(webmaster)
  expect(mail!.subject).toBe(
    text('mail:installInstructions.subject', { community: community.name, domain: 'club.example.org' }),
  )
  expect(mail!.text).toContain(`data-community="${community.slug}"`)
  expect(mail!.text).toContain('Our directory, please.')
})

test('/embedded: claim your name leads to the claim, whose check opens the claim in a tab of its own', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/embedded')
  await expect(page).toHaveURL(/\/embedded\/claim$/)
  await page.goto('/embedded/claim-your-name')
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: text('directory:embedded.claimYourName') })).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'embedded-claim-your-name')
  await page.getByRole('link', { name: text('signup:register.claimRoom') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('signup:claim.title') })).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'embedded-claim')
  const link = `e2e-${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  await page.getByLabel(text('signup:claim.roomLink')).fill(link)
  const [claim] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: text('signup:claim.check') }).click(),
  ])
  await claim.waitForLoadState()
  expect(new URL(claim.url()).pathname + new URL(claim.url()).search).toBe(`/register/room?slug=${link}`)
  await expect(claim.getByLabel(text('signup:claim.roomLink'))).toHaveValue(link)
})
