// Joining by a sign-up link where the community asks for more (docs/admin-guide.md#the-sign-up-link):
// its admin builds a question on the Sign-up link tab; the stranger answers it, accepts the terms
// and proves a mobile number with a texted code after the mailed one (forgetting any comes back with
// the reason and what was typed); the admin reads the answer on the pending member. With and without
// JavaScript. Each project has a community of its own (a copy of the demo's row), moderated, so the
// stranger ends on the "waiting for approval" page.
import { expect, test, type Browser } from '@playwright/test'
import {
  DEMO,
  addPerson,
  codeFromMail,
  codeFromOutbox,
  expectAccessible,
  findUser,
  hasJavaScript,
  makeCommunity,
  screenshot,
  signInWithSession,
  t,
} from './support'
import { Membership } from '#models/index'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

const ADMIN = DEMO.accounts[1]
const QUESTION = 'What do you grow?'

/** The admin, in a browser of their own, builds the one required question and turns it on. */
async function buildQuestion(browser: Browser, slug: string, javaScript: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript })
  const admin = await context.newPage()
  await signInWithSession(admin, ADMIN.emailAddress)
  await admin.goto(`/${slug}/settings/sign-up`)
  const region = admin.getByRole('region', {
    name: text('forms:builder.title', { title: text('settings:signUp.questions.builderTitle') }),
  })
  const step = region.getByRole('group', { name: text('forms:builder.stepLegend', { number: 1 }), exact: true })
  await step.getByLabel(text('forms:builder.addType')).selectOption('shortText')
  await step
    .getByRole('button', {
      name: `${text('forms:builder.addField')} (${text('forms:builder.stepContext', { number: 1 })})`,
    })
    .click()
  const field = step.getByRole('group', {
    name: text('forms:builder.fieldLegend', { number: 1, type: text('forms:types.shortText') }),
  })
  await field.getByLabel(text('forms:builder.label')).fill(QUESTION)
  await field.getByLabel(text('forms:builder.required')).check()
  await admin.getByLabel(text('settings:signUp.questions.enabled')).check()
  await admin.getByRole('button', { name: text('settings:save') }).click()
  await expect(admin.getByRole('status').filter({ hasText: text('settings:flash.saved') })).toBeVisible()
  await expect(admin.getByLabel(text('settings:signUp.questions.enabled'))).toBeChecked()
  return { admin, context }
}

test('a stranger answers the question, accepts the terms and proves a mobile number to join', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const project = testInfo.project.name
  const slug = `asks-${project}`
  const name = `Asks ${project}`
  const hash = `${project === 'js' ? 'a' : 'b'}`.repeat(36)
  const brandId = await makeCommunity(slug, name, {
    allowSignUps: true,
    selfSignupHash: hash,
    memberModeration: true,
    requireMemberPhoneNumber: true,
    communityToS: 'https://club.example/terms',
    communityPP: 'https://club.example/privacy',
    communityLanguage: null,
  })
  await addPerson(brandId, { ...ADMIN, role: 'community-admin' })
  const { admin, context } = await buildQuestion(browser, slug, hasJavaScript(testInfo))
  const email = `una-${project}@example.com`
  const phone = { typed: `(415) 555-019${project === 'js' ? 1 : 2}`, e164: `+1415555019${project === 'js' ? 1 : 2}` }

  await page.goto(`/${slug}/signup-${hash}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('signup:selfSignup.heading', { community: name }),
  )
  await expect(page.getByRole('link', { name: text('common:terms.termsOfService') })).toHaveAttribute(
    'href',
    'https://club.example/terms',
  )
  await expectAccessible(page)

  // No answer, number or terms: each reason, and the name and email stay.
  await page.getByLabel(text('auth:register.fullName')).fill('Una Asked')
  await page.getByLabel(text('auth:register.email')).fill(email)
  await page.getByRole('button', { name: text('auth:register.continue') }).click()
  await expect(page.getByText(text('signup:errors.phoneRequired'))).toBeVisible()
  await expect(page.getByText(text('signup:errors.termsRequired'))).toBeVisible()
  await expect(page.getByLabel(QUESTION)).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel(text('auth:register.email'))).toHaveValue(email)
  await screenshot(page, testInfo, 'signup-asks')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, testInfo, 'signup-asks')
  await page.setViewportSize({ width: 1280, height: 900 })

  await page.getByLabel(QUESTION).fill('Tomatoes')
  await page.getByLabel(text('signup:selfSignup.phone')).fill(phone.typed)
  await page.getByLabel(text('auth:signIn.country')).selectOption('US')
  await page.getByLabel(text('common:terms.accept', { community: name })).check()
  const mailed = await codeFromMail(email, () =>
    page.getByRole('button', { name: text('auth:register.continue') }).click(),
  )
  await page.getByLabel(text('auth:signIn.code')).fill(mailed)
  const texted = await codeFromOutbox(page, phone.e164, async () => {
    await page.getByRole('button', { name: text('signup:selfSignup.confirm') }).click()
    await expect(
      page.getByText(
        text('signup:selfSignup.phoneCodeSent', {
          phone: '+1 415 555 019' + (project === 'js' ? 1 : 2),
          community: name,
        }),
      ),
    ).toBeVisible()
  })
  await expectAccessible(page)
  await page.getByLabel(text('auth:signIn.code')).fill(texted)
  await page.getByRole('button', { name: text('signup:selfSignup.confirm') }).click()
  await expect(page).toHaveURL(`/${slug}/signup-successful`)

  const user = await findUser(email)
  expect(user).toMatchObject({ name: 'Una Asked', phoneNumber: phone.e164 })
  const membership = await Membership.findOne({ where: { brandId, userId: user!.id } })
  expect(membership).toMatchObject({ status: 'pending', source: 'signup-link' })
  expect(membership!.termsAcceptedAt).toBeInstanceOf(Date)

  // The admin reads the answer on the pending tab.
  await admin.goto(`/${slug}/members?tab=pending`)
  const row = admin.getByRole('row').filter({ hasText: 'Una Asked' })
  await expect(row.getByText(text('common:terms.acceptedOn', { date: '' }).trim(), { exact: false })).toBeVisible()
  await row.getByText(text('members:list.signup.answers')).click()
  await expect(row.getByText('Tomatoes')).toBeVisible()
  await screenshot(admin, testInfo, 'pending-answers')
  await context.close()
})
