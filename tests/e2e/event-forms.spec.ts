// The event editor's Registration and Surveys tabs (/{brand}/events/{room}/edit/registration and
// /surveys): an admin builds a two-step registration form with several kinds of field, is told
// "Please add at least one field to each step", fixes it, saves, and finds it kept when the tab is
// opened again; then turns on a post-event survey and sets the address people go to after the
// event. Every builder button posts the form, so it runs with JavaScript off as well as on.
import { randomBytes } from 'node:crypto'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { addPerson, collectErrors, expectAccessible, makeCommunity, screenshots, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const DAY = 24 * 3600 * 1000
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

const editorTab = (page: Page, tab: string) =>
  page
    .getByRole('navigation', { name: text('events:editor.tabs.label') })
    .getByRole('link', { name: text(`events:editor.tabs.${tab}`) })
const builder = (page: Page, title: string) =>
  page.getByRole('region', { name: text('forms:builder.title', { title }) })
const step = (region: Locator, number: number) =>
  region.getByRole('group', { name: text('forms:builder.stepLegend', { number }), exact: true })
const field = (inStep: Locator, number: number, type: string) =>
  inStep.getByRole('group', { name: text('forms:builder.fieldLegend', { number, type: text(`forms:types.${type}`) }) })

/** The field adder of one step: choose the kind, press "Add field". */
async function addField(inStep: Locator, number: number, type: string) {
  await inStep.getByLabel(text('forms:builder.addType')).selectOption(type)
  await inStep
    .getByRole('button', {
      name: `${text('forms:builder.addField')} (${text('forms:builder.stepContext', { number })})`,
    })
    .click()
}

test('an admin builds a two-step registration form, fixes an empty step, and turns on a post-event survey', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `forms-${suffix}`
  const brandId = await makeCommunity(slug, `Forms Test ${suffix}`)
  const admin = `ada.admin.${suffix}@forms.hearth.test`
  await addPerson(brandId, { name: 'Ada Admin', emailAddress: admin, role: 'community-admin' })
  const errors = collectErrors(page)
  await signInWithSession(page, admin)

  // An event to edit, made the ordinary way.
  await page.goto(`/${slug}/events/new`)
  const name = `Seed swap ${suffix}`
  await page.getByLabel(text('events:fields.name')).fill(name)
  await page.getByLabel(text('events:fields.date'), { exact: true }).fill(dayFromNow(20))
  await page.getByLabel(text('events:fields.time'), { exact: true }).fill('18:00')
  await page.getByRole('button', { name: text('events:new.create') }).click()
  await expect(page).toHaveURL(`/${slug}/events`)
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name, exact: true }).click()
  await page.getByRole('link', { name: text('events:page.edit') }).click()
  await editorTab(page, 'registration').click()
  await expect(editorTab(page, 'registration')).toHaveAttribute('aria-current', 'page')

  await page.getByLabel(text('forms:editor.registration.enabled')).check()
  await page.getByLabel(text('forms:editor.registration.formEnabled')).check()
  const form = builder(page, text('forms:editor.registration.formTitle'))
  const first = step(form, 1)
  await expect(first.getByText(text('forms:builder.noFields'))).toBeVisible()

  // Step 1: a full name (required) and a dropdown.
  await addField(first, 1, 'fullName')
  const nameField = field(first, 1, 'fullName')
  await nameField.getByLabel(text('forms:builder.label')).fill('Your name')
  await nameField.getByLabel(text('forms:builder.required')).check()
  await addField(first, 1, 'dropdown')
  const team = field(first, 2, 'dropdown')
  await team.getByLabel(text('forms:builder.label')).fill('Your team')
  await team.getByLabel(text('forms:builder.options')).fill('Roots\nShoots\nLeaves')
  await expect(nameField.getByLabel(text('forms:builder.label'))).toHaveValue('Your name')

  // A second step left empty: refused with the spec's words, everything typed kept.
  await form.getByRole('button', { name: text('forms:builder.addStep') }).click()
  await expect(step(form, 2).getByText(text('forms:builder.noFields'))).toBeVisible()
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(form.getByText(text('forms:errors.emptyStep'))).toBeVisible()
  await expect(team.getByLabel(text('forms:builder.options'))).toHaveValue('Roots\nShoots\nLeaves')
  await expect(page.getByLabel(text('forms:editor.registration.enabled'))).toBeChecked()
  await screenshots(page, testInfo, 'event-registration-empty-step')

  // Fixed: a rating and a short text in step 2, then the dropdown moved above the name.
  const second = step(form, 2)
  await addField(second, 2, 'rating')
  await field(second, 1, 'rating').getByLabel(text('forms:builder.label')).fill('How keen are you?')
  await field(second, 1, 'rating').getByLabel(text('forms:builder.scale')).fill('10')
  await addField(second, 2, 'shortText')
  await field(second, 2, 'shortText').getByLabel(text('forms:builder.label')).fill('What will you bring?')
  await team
    .getByRole('button', {
      name: `${text('forms:builder.moveUp')} (${text('forms:builder.fieldContext', { number: 2, step: 1 })})`,
    })
    .click()
  await expect(field(first, 1, 'dropdown').getByLabel(text('forms:builder.label'))).toHaveValue('Your team')
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await expect(page.getByText(text('forms:errors.emptyStep'))).toHaveCount(0)

  // Reopened: the form as it was built, and its fields offered to matchmaking.
  await editorTab(page, 'schedule').click()
  await editorTab(page, 'registration').click()
  await expect(field(step(form, 1), 1, 'dropdown').getByLabel(text('forms:builder.label'))).toHaveValue('Your team')
  await expect(field(step(form, 1), 1, 'dropdown').getByLabel(text('forms:builder.options'))).toHaveValue(
    'Roots\nShoots\nLeaves',
  )
  await expect(field(step(form, 1), 2, 'fullName').getByLabel(text('forms:builder.required'))).toBeChecked()
  await expect(field(step(form, 2), 1, 'rating').getByLabel(text('forms:builder.scale'))).toHaveValue('10')
  await expect(field(step(form, 2), 2, 'shortText').getByLabel(text('forms:builder.label'))).toHaveValue(
    'What will you bring?',
  )
  await expect(page.getByLabel(text('forms:editor.registration.enabled'))).toBeChecked()

  // Matchmaking needs its primary field.
  await page.getByLabel(text('forms:editor.registration.matchSort')).check()
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('forms:builder.errors.primaryRequired'))).toBeVisible()
  await page.getByLabel(text('forms:editor.registration.matchPrimary')).selectOption({ label: 'Your team' })
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await expect(page.getByLabel(text('forms:editor.registration.matchPrimary'))).toHaveValue('your_team')
  await expect(page.getByText(text('forms:builder.errors.primaryRequired'))).toHaveCount(0)
  // The read-only preview under the builder: the form as people will see it.
  await form.getByText(text('forms:builder.preview'), { exact: true }).click()
  await expect(form.getByLabel('Your team', { exact: true })).toBeDisabled()
  await expect(form.getByLabel('Your name *', { exact: true })).toBeVisible()
  await expect(form.getByRole('group', { name: 'How keen are you?' }).getByRole('radio')).toHaveCount(10)
  await expectAccessible(page)
  await screenshots(page, testInfo, 'event-registration')

  // Surveys: a post-event survey with one rating, and where people go afterwards.
  await editorTab(page, 'surveys').click()
  await page.getByLabel(text('forms:editor.surveys.postEnabled')).check()
  const post = builder(page, text('forms:editor.surveys.postTitle'))
  await addField(step(post, 1), 1, 'rating')
  await field(step(post, 1), 1, 'rating').getByLabel(text('forms:builder.label')).fill('How was it?')
  await page.getByLabel(text('forms:editor.surveys.endUrl')).fill('example.com/thanks')
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('forms:builder.errors.urlInvalid'))).toBeVisible()
  await expect(field(step(post, 1), 1, 'rating').getByLabel(text('forms:builder.label'))).toHaveValue('How was it?')
  await page.getByLabel(text('forms:editor.surveys.endUrl')).fill('https://example.com/thanks')
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await expect(page.getByLabel(text('forms:editor.surveys.postEnabled'))).toBeChecked()
  await expect(page.getByLabel(text('forms:editor.surveys.preEnabled'))).not.toBeChecked()
  await expect(page.getByLabel(text('forms:editor.surveys.endUrl'))).toHaveValue('https://example.com/thanks')
  await expect(page.getByText(text('forms:builder.errors.urlInvalid'))).toHaveCount(0)
  await expect(field(step(post, 1), 1, 'rating').getByLabel(text('forms:builder.label'))).toHaveValue('How was it?')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'event-surveys')
  // The bad input above was answered 400 on purpose; nothing else may fail.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})
