// The whole of an event with registration: an admin creates an event and
// gives it a registration form with the form builder; a visitor registers (their email proved by a
// mailed code), gets the calendar invitation, and its auto-join link opens the event's meeting;
// the admin then exports who registered and, where the browser can join the meeting, who came.
// The parts are tested at length in event-forms, event-registration and event-members; this is the
// one path through all of them, with JavaScript off as well as on.
import { randomBytes } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { expect, test, type Page } from '@playwright/test'
import {
  addPerson,
  collectErrors,
  hasJavaScript,
  lastMailSeq,
  mailsTo,
  makeCommunity,
  MEDIA_LAUNCH_OPTIONS,
  readCodeFromMail,
  signInWithSession,
  t,
} from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const dayFromNow = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10)

test.use({ launchOptions: MEDIA_LAUNCH_OPTIONS })

/** An export link's file, parsed as CSV records. */
async function exported(page: Page, kind: string): Promise<Array<Record<string, string>>> {
  const name = text('eventMembers:export.download', { what: text(`eventMembers:export.${kind}`) })
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()])
  const { readFile } = await import('node:fs/promises')
  return parse(await readFile((await file.path())!, 'utf8'), { columns: true, bom: true }) as Array<
    Record<string, string>
  >
}

test('an admin makes an event with a registration form; a visitor registers, is invited, joins; the admin exports who came', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `journey-${suffix}`
  const brandId = await makeCommunity(slug, `Journey ${suffix}`)
  const admin = `ada.${suffix}@journey.hearth.test`
  await addPerson(brandId, { name: 'Ada Admin', emailAddress: admin, role: 'community-admin' })
  const errors = collectErrors(page)
  await signInWithSession(page, admin)

  // The event, made through the page.
  const name = `Open studio ${suffix}`
  await page.goto(`/${slug}/events/new`)
  await page.getByLabel(text('events:fields.name')).fill(name)
  await page.getByLabel(text('events:fields.date'), { exact: true }).fill(dayFromNow(1))
  await page.getByLabel(text('events:fields.time'), { exact: true }).fill('23:30')
  await page.getByRole('button', { name: text('events:new.create') }).click()
  await page.getByRole('row').filter({ hasText: name }).getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const eventPage = page.url()
  const room = eventPage.split('/').pop()!
  await page.getByRole('link', { name: text('events:page.edit') }).click()

  // Registration on, with one question built in the form builder.
  await page
    .getByRole('navigation', { name: text('events:editor.tabs.label') })
    .getByRole('link', { name: text('events:editor.tabs.registration') })
    .click()
  await page.getByLabel(text('forms:editor.registration.enabled')).check()
  await page.getByLabel(text('forms:editor.registration.formEnabled')).check()
  const firstStep = page
    .getByRole('region', { name: text('forms:builder.title', { title: text('forms:editor.registration.formTitle') }) })
    .getByRole('group', { name: text('forms:builder.stepLegend', { number: 1 }), exact: true })
  await firstStep.getByLabel(text('forms:builder.addType')).selectOption('shortText')
  await firstStep
    .getByRole('button', {
      name: `${text('forms:builder.addField')} (${text('forms:builder.stepContext', { number: 1 })})`,
    })
    .click()
  const question = firstStep.getByRole('group', {
    name: text('forms:builder.fieldLegend', { number: 1, type: text('forms:types.shortText') }),
  })
  await question.getByLabel(text('forms:builder.label')).fill('What do you make?')
  await question.getByLabel(text('forms:builder.required')).check()
  await page.getByRole('button', { name: text('events:editor.save') }).click()
  await expect(page.getByText(text('common:flash.saved'))).toBeVisible()

  // A visitor, signed out, registers: who they are first, then the question, then the mailed code.
  const visitorContext = await browser.newContext({ javaScriptEnabled: hasJavaScript(testInfo) })
  const visitor = await visitorContext.newPage()
  const email = `vera.${suffix}@journey.hearth.test`
  await visitor.goto(eventPage)
  await expect(visitor).toHaveURL(`${eventPage}/register`)
  await visitor.getByLabel(text('auth:register.fullName')).fill('Vera Visitor')
  await visitor.getByLabel(text('auth:register.email')).fill(email)
  await visitor.getByRole('button', { name: text('registration:page.next') }).click()
  await visitor.getByLabel(/What do you make\?/).fill('Pottery')
  const before = lastMailSeq(email)
  await visitor.getByRole('button', { name: text('registration:page.submit') }).click()
  await expect(visitor.getByText(text('registration:page.codeSent', { email }))).toBeVisible()
  await visitor.getByLabel(text('auth:signIn.code')).fill(await readCodeFromMail(email, { after: before }))
  await visitor.getByRole('button', { name: text('registration:page.confirm') }).click()
  await expect(visitor).toHaveURL(eventPage)
  await expect(visitor.getByText(text('registration:status.approved'), { exact: true })).toBeVisible()

  // The invitation: a calendar file, and the auto-join link, which opens the event's meeting.
  const subject = text('registration:mail.confirmed.subject', { event: name })
  await expect.poll(() => mailsTo(email).some((mail) => mail.subject.includes(subject)), { timeout: 10_000 }).toBe(true)
  const invitation = mailsTo(email).find((mail) => mail.subject.includes(subject))!
  expect(invitation.raw).toMatch(/Content-Type: text\/calendar/i)
  const link = /(https?:\/\/\S+\/auto-join\?code=[\w%-]+)/.exec(invitation.text ?? '')![1]!
  const joinerContext = await browser.newContext({ javaScriptEnabled: hasJavaScript(testInfo) })
  const joiner = await joinerContext.newPage()
  await joiner.goto(link)
  await expect(joiner).toHaveURL(`/${slug}/${room}`)
  await expect(joiner.getByRole('heading', { level: 1, name })).toBeVisible()
  if (hasJavaScript(testInfo)) {
    await joiner.getByRole('button', { name: text('meeting:home.join'), exact: true }).click()
    await joiner.getByRole('button', { name: text('meeting:mirror.join') }).click()
    await expect(joiner.getByRole('toolbar', { name: text('meeting:controls.toolbar') })).toBeVisible({
      timeout: 20_000,
    })
  }

  // The admin exports who registered, with the answer, and (once someone was in the meeting) who came.
  await page.goto(`/${slug}/events/${room}/edit/members`)
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(text('eventMembers:status.approved'))
  const registrations = await exported(page, 'registrations')
  expect(registrations).toEqual([
    expect.objectContaining({ email, status: 'approved', 'What do you make?': 'Pottery' }),
  ])
  if (hasJavaScript(testInfo)) {
    await expect
      .poll(async () => (await exported(page, 'participants')).map((row) => row.email), { timeout: 15_000 })
      .toEqual([email])
  }
  await visitorContext.close()
  await joinerContext.close()
  expect(errors).toEqual([])
})
