// Event series (/{brand}/event-series): an admin creates a weekly series over New York's March
// daylight-saving change (14 March 2027) past its bad input, sees its sessions at the same local
// time, edits it, and deletes it; a member sees the list without the "New series" link. Every step
// is a plain link or form (the delete confirmation is a disclosure), so it runs with JavaScript off
// as well as on.
import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { addPerson, collectErrors, expectAccessible, makeCommunity, screenshots, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)

async function seriesCommunity(suffix: string) {
  const slug = `series-${suffix}`
  const brandId = await makeCommunity(slug, `Series Test ${suffix}`)
  const person = async (name: string, role: string) => {
    const emailAddress = `${name.toLowerCase().replace(/\s+/g, '.')}.${suffix}@series.hearth.test`
    await addPerson(brandId, { name, emailAddress, role })
    return emailAddress
  }
  return {
    slug,
    admin: await person('Ada Admin', 'community-admin'),
    member: await person('Mo Member', 'community-member'),
  }
}

test('an admin creates a weekly series over a DST change, sees its sessions at the same local time, edits and deletes it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const community = await seriesCommunity(suffix)
  const errors = collectErrors(page)
  await signInWithSession(page, community.admin)

  await page.goto(`/${community.slug}/event-series`)
  await expect(page.getByRole('heading', { level: 1, name: text('series:title') })).toBeVisible()
  await expect(
    page
      .getByRole('navigation', { name: text('common:nav.label') })
      .getByRole('link', { name: text('common:nav.eventSeries') }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText(text('series:list.empty'))).toBeVisible()
  await screenshots(page, testInfo, 'series-list-empty')
  await page.getByRole('link', { name: text('series:actions.new') }).click()
  await expect(page.getByRole('heading', { level: 1, name: text('series:new.title') })).toBeVisible()

  // Bad input: a one-letter name, and daily sessions that last a whole day. Refused, what was typed kept.
  await page.getByLabel(text('series:fields.name')).fill('Q')
  await page.getByLabel(text('series:fields.summary')).fill('Questions and answers, every week.')
  await page.getByLabel(text('series:fields.date'), { exact: true }).fill('2027-03-01')
  await page.getByLabel(text('series:fields.time'), { exact: true }).fill('10:00')
  await page.getByLabel(text('series:fields.timeZone')).selectOption('America/New_York')
  await page.getByLabel(text('series:fields.durationMinutes')).fill('1440')
  await page.getByLabel(text('series:fields.frequency')).selectOption('daily')
  await page.getByRole('button', { name: text('series:new.create') }).click()
  await expect(page.getByText(text('series:errors.nameTooShort'))).toBeVisible()
  await expect(page.getByText(text('series:errors.frequencyTooShort'))).toBeVisible()
  await expect(page.getByLabel(text('series:fields.summary'))).toHaveValue('Questions and answers, every week.')
  await expect(page.getByLabel(text('series:fields.timeZone'))).toHaveValue('America/New_York')
  await screenshots(page, testInfo, 'new-series-errors')

  const name = `Office hours ${suffix}`
  await page.getByLabel(text('series:fields.name')).fill(name)
  await page.getByLabel(text('series:fields.durationMinutes')).fill('60')
  await page.getByLabel(text('series:fields.frequency')).selectOption('weekly')
  await page.getByLabel(text('series:weekdays.MO')).check()
  await page.getByLabel(text('series:fields.count'), { exact: true }).fill('4')
  await page.getByRole('button', { name: text('series:new.create') }).click()

  await expect(page.getByText(text('series:flash.created', { name }))).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText(text('series:page.plannedIn', { zone: 'America/New_York' }))).toBeVisible()
  const sessions = page.getByRole('region', { name: text('series:page.sessions') }).getByRole('listitem')
  await expect(sessions).toHaveCount(4)
  // 1, 8, 15 and 22 March 2027: the clocks change on the 14th, the sessions stay at 10:00 local.
  for (const [index, day] of ['01', '08', '15', '22'].entries()) {
    await expect(sessions.nth(index)).toContainText(`${name} — 2027-03-${day}`)
    await expect(sessions.nth(index)).toContainText('10:00 AM')
  }
  await expect(sessions.nth(0)).toContainText('EST')
  await expect(sessions.nth(2)).toContainText('EDT')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'series-detail')

  // A session is an event: its link opens the event's page.
  await sessions.nth(2).getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: `${name} — 2027-03-15` })).toBeVisible()
  await page.goBack()

  // Edit: 18:30 instead, five sessions.
  await page.getByRole('link', { name: text('series:actions.edit') }).click()
  await expect(page.getByLabel(text('series:fields.time'), { exact: true })).toHaveValue('10:00')
  await expect(page.getByLabel(text('series:weekdays.MO'))).toBeChecked()
  await page.getByLabel(text('series:fields.time'), { exact: true }).fill('18:30')
  await page.getByLabel(text('series:fields.count'), { exact: true }).fill('5')
  await screenshots(page, testInfo, 'series-edit')
  await page.getByRole('button', { name: text('series:edit.save') }).click()
  await expect(page.getByText(text('series:flash.updated'))).toBeVisible()
  await expect(sessions).toHaveCount(5)
  for (let index = 0; index < 5; index++) await expect(sessions.nth(index)).toContainText('6:30 PM')

  // The list: the series with its next session and its count.
  await page.getByRole('link', { name: text('series:page.back') }).click()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Mar 1, 2027, 6:30 PM EST')
  await expect(row.getByRole('cell').last()).toHaveText('5')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'series-list')
  await row.getByRole('link', { name, exact: true }).click()

  // A member sees the series, without the way to make one.
  const memberContext = await browser.newContext({
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
  })
  const memberPage = await memberContext.newPage()
  await signInWithSession(memberPage, community.member)
  await memberPage.goto(`/${community.slug}/event-series`)
  await expect(memberPage.getByRole('link', { name, exact: true })).toBeVisible()
  await expect(memberPage.getByRole('link', { name: text('series:actions.new') })).toHaveCount(0)
  await memberPage.goto(`/${community.slug}/event-series/new`)
  await expect(memberPage.getByText(text('series:errors.noPermission'))).toBeVisible()
  await memberContext.close()

  // Delete: the disclosure says what happens to the sessions, then the button does it.
  await page.getByText(text('series:actions.delete'), { exact: true }).click()
  await expect(page.getByText(text('series:page.deleteExplained'))).toBeVisible()
  await screenshots(page, testInfo, 'series-delete')
  await page.getByRole('button', { name: text('series:actions.confirmDelete') }).click()
  await expect(page.getByText(text('series:flash.deleted', { name }))).toBeVisible()
  await expect(page.getByText(text('series:list.empty'))).toBeVisible()
  // The sessions to come were archived, not lost: the events page's Archived tab has them.
  await page.goto(`/${community.slug}/events?tab=archived`)
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(5)

  // The bad input and the member's refusal were answered 400 and 403 on purpose; nothing else may fail.
  expect(errors.filter((error) => !/status of 40[03]/.test(error))).toEqual([])
})

test("a series that asks people to register gets its sessions' shared form from the form builder", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const community = await seriesCommunity(`form-${suffix}`)
  const errors = collectErrors(page)
  await signInWithSession(page, community.admin)

  await page.goto(`/${community.slug}/event-series/new`)
  const name = `Book club ${suffix}`
  await page.getByLabel(text('series:fields.name')).fill(name)
  await page.getByLabel(text('series:fields.summary')).fill('A book a month.')
  await page.getByLabel(text('series:fields.date'), { exact: true }).fill('2099-01-05')
  await page.getByLabel(text('series:fields.time'), { exact: true }).fill('19:00')
  await page.getByLabel(text('series:fields.registrationRequired')).check()
  await page.getByRole('button', { name: text('series:new.create') }).click()
  await expect(page.getByText(text('series:flash.created', { name }))).toBeVisible()
  await page.getByRole('link', { name: text('series:registrationForm.action') }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: text('series:registrationForm.title', { name }) }),
  ).toBeVisible()

  // An empty step is refused with the spec's words; then one required question is saved.
  await page.getByRole('button', { name: text('series:registrationForm.save') }).click()
  await expect(page.getByText(text('forms:errors.emptyStep'))).toBeVisible()
  const step = page
    .getByRole('region', { name: text('forms:builder.title', { title: text('series:registrationForm.builderTitle') }) })
    .getByRole('group', { name: text('forms:builder.stepLegend', { number: 1 }), exact: true })
  await step.getByLabel(text('forms:builder.addType')).selectOption('shortText')
  await step
    .getByRole('button', {
      name: `${text('forms:builder.addField')} (${text('forms:builder.stepContext', { number: 1 })})`,
    })
    .click()
  const question = step.getByRole('group', {
    name: text('forms:builder.fieldLegend', { number: 1, type: text('forms:types.shortText') }),
  })
  await question.getByLabel(text('forms:builder.label')).fill('Which book?')
  await question.getByLabel(text('forms:builder.required')).check()
  await page.getByRole('button', { name: text('series:registrationForm.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()
  await expect(question.getByLabel(text('forms:builder.label'))).toHaveValue('Which book?')
  await expectAccessible(page)
  await screenshots(page, testInfo, 'series-registration-form')
  // The 400 of the empty step above was on purpose; nothing else may fail.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})
