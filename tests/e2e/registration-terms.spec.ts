// The community's terms on event registration (docs/user-guide.md#registering-for-an-event): a
// community of the spec's own links terms and a privacy policy; a visitor registering for an event
// that asks no questions gets the links and the box on the name-and-email form, is refused without
// it (the name and email kept) and registers with it; a member gets the box on the form's last
// step. With and without JavaScript.
import { randomBytes } from 'node:crypto'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { CommunityEvent, EventRegistration, FormDefinition } from '#models/index'
import { makeEventRoom } from '../support/factories'
import {
  addPerson,
  codeFromMail,
  expectAccessible,
  findUser,
  hasJavaScript,
  makeCommunity,
  screenshot,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const HOUR = 3600_000
const TERMS = { communityToS: 'https://club.example/terms', communityPP: 'https://club.example/privacy' }

/** A community with terms, and an event of it taking registrations (with these questions, if any). */
async function eventWithTerms(testInfo: TestInfo, steps: unknown = null) {
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `terms-${suffix}`
  const community = `Terms Club ${suffix}`
  const brandId = await makeCommunity(slug, community, { ...TERMS, communityLanguage: null })
  const form = steps ? await FormDefinition.create({ brandId, steps: steps as never }) : null
  const startsAt = new Date(Date.now() + 24 * HOUR)
  const room = await makeEventRoom(
    { id: brandId },
    { slug: `picnic-${suffix}`, name: `Picnic ${suffix}`, roomType: 'public', status: 'active', startsAt },
  )
  await CommunityEvent.create({ roomId: room.id, registrationEnabled: true, registrationFormId: form?.id ?? null })
  return {
    suffix,
    brandId,
    community,
    room,
    register: `/${slug}/events/${room.slug}/register`,
    eventPage: `/${slug}/events/${room.slug}`,
  }
}

/** The page at the widths we look at: desktop, then a 360-pixel phone, then back. */
async function bothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, testInfo, name)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('a visitor accepts the terms on the name-and-email form, or is refused with what was typed kept', async ({
  page,
}, testInfo) => {
  const event = await eventWithTerms(testInfo)
  const email = `vera.${event.suffix}@terms.hearth.test`
  const box = page.getByLabel(text('common:terms.accept', { community: event.community }))

  await page.goto(event.register)
  for (const [name, href] of [
    [text('common:terms.termsOfService'), TERMS.communityToS],
    [text('common:terms.privacyPolicy'), TERMS.communityPP],
  ] as const) {
    const link = page.getByRole('link', { name })
    await expect(link).toHaveAttribute('href', href)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  }
  await expectAccessible(page)

  await page.getByLabel(text('auth:register.fullName')).fill('Vera Visitor')
  await page.getByLabel(text('auth:register.email')).fill(email)
  await page.getByRole('button', { name: text('registration:page.next') }).click()
  await expect(page.getByText(text('registration:errors.termsRequired'))).toBeVisible()
  await expect(box).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel(text('auth:register.fullName'))).toHaveValue('Vera Visitor')
  await expect(page.getByLabel(text('auth:register.email'))).toHaveValue(email)
  await expectAccessible(page)
  await bothWidths(page, testInfo, 'registration-terms-refused')

  await box.check()
  const code = await codeFromMail(email, () =>
    page.getByRole('button', { name: text('registration:page.next') }).click(),
  )
  await page.getByLabel(text('auth:signIn.code')).fill(code)
  await page.getByRole('button', { name: text('registration:page.confirm') }).click()
  await expect(page).toHaveURL(event.eventPage)
  await expect(page.getByText(text('registration:flash.approved'))).toBeVisible()

  const user = await findUser(email)
  const registration = await EventRegistration.findOne({ where: { roomId: event.room.id, userId: user!.id } })
  expect(registration!.termsAcceptedAt).toBeInstanceOf(Date)
})

test("a member accepts the terms on the last step; the event's admin sees when", async ({
  page,
  browser,
}, testInfo) => {
  const event = await eventWithTerms(testInfo, [
    [{ name: 'dish', type: 'shortText', label: 'Your dish', required: true }],
  ])
  const email = `mo.${event.suffix}@terms.hearth.test`
  const userId = await addPerson(event.brandId, { name: 'Mo Member', emailAddress: email })
  await signInWithSession(page, email)

  await page.goto(event.register)
  await page.getByLabel('Your dish').fill('Lemon cake')
  await page.getByRole('button', { name: text('registration:page.submit') }).click()
  await expect(page.getByText(text('registration:errors.termsRequired'))).toBeVisible()
  await expect(page.getByLabel('Your dish')).toHaveValue('Lemon cake')
  await bothWidths(page, testInfo, 'registration-terms-step')

  await page.getByLabel(text('common:terms.accept', { community: event.community })).check()
  // Pressed as a person does, the pointer resting on the button: nothing the box's blur sets off may swallow it.
  await page.getByRole('button', { name: text('registration:page.submit') }).click({ delay: 300 })
  await expect(page).toHaveURL(event.eventPage)
  await expect(page.getByText(text('registration:flash.approved'))).toBeVisible()
  const registration = await EventRegistration.findOne({ where: { roomId: event.room.id, userId } })
  expect(registration!.termsAcceptedAt).toBeInstanceOf(Date)

  // The event's Members tab says when, on the registration's row.
  const adminEmail = `ada.${event.suffix}@terms.hearth.test`
  await addPerson(event.brandId, { name: 'Ada Admin', emailAddress: adminEmail, role: 'community-admin' })
  const context = await browser.newContext({ javaScriptEnabled: hasJavaScript(testInfo) })
  const admin = await context.newPage()
  await signInWithSession(admin, adminEmail)
  await admin.goto(`${event.eventPage}/edit/members`)
  const row = admin.getByRole('row').filter({ hasText: 'Mo Member' })
  await expect(row.getByText(text('common:terms.acceptedOn', { date: '' }).trim(), { exact: false })).toBeVisible()
  await expectAccessible(admin)
  await bothWidths(admin, testInfo, 'registration-terms-members')
  await context.close()
})
