// The event editor's Members tab: an admin imports registrations from a CSV with
// good and bad rows and reads the report, approves a pending one, downloads every export (parsed
// here), and uploads predefined breakout groups: a bad row first (nothing saved), then a good
// file. Every step is a plain link or form, so it runs with JavaScript off as well as on.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { expect, test, type Page } from '@playwright/test'
import {
  CommunityEvent,
  EventRegistration,
  FormDefinition,
  FormSubmission,
  MeetingPeer,
  MeetingRoom,
  Room,
  User,
} from '#models/index'
import { makeRoom } from '../support/factories'
import { addPerson, collectErrors, expectAccessible, makeCommunity, screenshots, signInWithSession, t } from './support'

const text = (key: string, values?: Record<string, string | number>) => t('en', key, values)
const DAY = 24 * 3600 * 1000
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
/** A date as Sequelize writes it to SQLite. */

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()])
  return parse(readFileSync((await file.path())!, 'utf8'), { bom: true }) as string[][]
}
const exportLink = (kind: string) => text('eventMembers:export.download', { what: text(`eventMembers:export.${kind}`) })

test('an admin imports registrations, approves one, downloads the exports and sets predefined groups', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000)
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `evm-${suffix}`
  const brandId = await makeCommunity(slug, `Event Members ${suffix}`)
  const admin = `eve.${suffix}@event-members.hearth.test`
  await addPerson(brandId, { name: 'Eve Admin', emailAddress: admin, role: 'community-admin' })
  const errors = collectErrors(page)
  await signInWithSession(page, admin)

  // An event to work on, made through its own form.
  const name = `Garden meetup ${suffix}`
  await page.goto(`/${slug}/events/new`)
  await page.getByLabel(text('events:fields.name')).fill(name)
  await page.getByLabel(text('events:fields.date'), { exact: true }).fill(dayFromNow(20))
  await page.getByLabel(text('events:fields.time'), { exact: true }).fill('18:00')
  await page.getByRole('button', { name: text('events:new.create') }).click()
  await expect(page.getByText(text('events:flash.created', { name }))).toBeVisible()
  const room = await Room.findOne({ where: { brandId, name }, rejectOnEmpty: true })
  const tab = `/${slug}/events/${room.slug}/edit/members`

  // The tab, found from the editor's tabs, empty at first.
  await page.goto(`/${slug}/events/${room.slug}/edit`)
  await page
    .getByRole('navigation', { name: text('events:editor.tabs.label') })
    .getByRole('link', { name: text('events:editor.tabs.members') })
    .click()
  await expect(page).toHaveURL(tab)
  await expect(page.getByText(text('eventMembers:list.empty'))).toBeVisible()

  // Nothing registered yet: the registrations export says so instead of sending an empty file.
  await page.getByRole('link', { name: exportLink('registrations') }).click()
  await expect(page.getByText(text('eventMembers:export.nothing'))).toBeVisible()

  // The import: good rows, a pending one, and bad rows with their reasons.
  const csv = [
    'fullName,emailAddress,phoneNumber,status,coHost,eventSeries',
    `Grace Hopper,grace.${suffix}@example.com,,approved,yes,`,
    `Alan Turing,alan.${suffix}@example.com,,pending,no,`,
    `Prince,prince.${suffix}@example.com,,,,`,
    `Bad Status,status.${suffix}@example.com,,maybe,,`,
    `=cmd Person,formula.${suffix}@example.com,,approved,1,`,
    `In Series,series.${suffix}@example.com,,,,Spring talks`,
  ].join('\n')
  await page
    .getByLabel(text('eventMembers:import.file'))
    .setInputFiles({ name: 'registrations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await page.getByRole('button', { name: text('eventMembers:import.submit') }).click()
  await expect(page.getByRole('heading', { name: text('eventMembers:import.report.title') })).toBeVisible()
  await expect(
    page.getByText(text('eventMembers:import.report.summary', { imported: 3, updated: 0, refused: 3 })),
  ).toBeVisible()
  await expect(page.getByText(text('members:editor.errors.nameFull'))).toBeVisible()
  await expect(page.getByText(text('eventMembers:import.reasons.status'))).toBeVisible()
  await expect(
    page.getByText(text('eventMembers:import.reasons.unknownSeries', { series: 'Spring talks' })),
  ).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'event-members-import-report')

  // Back on the tab: the pending one is approved from the Pending filter.
  await page.getByRole('link', { name: text('eventMembers:import.back') }).click()
  await expect(page).toHaveURL(tab)
  await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText(
    text('eventMembers:status.approved'),
  )
  await screenshots(page, testInfo, 'event-members-tab')
  await expectAccessible(page)
  await page
    .getByRole('navigation', { name: text('eventMembers:filter.label') })
    .getByRole('link', { name: new RegExp(`^${text('eventMembers:filter.pending')}`) })
    .click()
  await expect(page).toHaveURL(`${tab}?status=pending`)
  await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' })).toHaveCount(0)
  const alan = page.getByRole('row').filter({ hasText: 'Alan Turing' })
  await expect(alan).toContainText(text('eventMembers:status.pending'))
  // Nothing ticked is refused and said.
  await page.getByRole('button', { name: text('eventMembers:actions.approve') }).click()
  await expect(page.getByText(text('eventMembers:errors.noneSelected'))).toBeVisible()
  await page.getByRole('checkbox', { name: text('eventMembers:list.selectPerson', { name: 'Alan Turing' }) }).check()
  await page.getByRole('button', { name: text('eventMembers:actions.approve') }).click()
  await expect(page.getByText(text('eventMembers:flash.approve', { count: 1 }))).toBeVisible()
  await expect(page.getByText(text('eventMembers:list.emptyFiltered'))).toBeVisible()
  expect(
    await EventRegistration.findAll({
      where: { roomId: room.id, userId: (await User.findAll({ where: { name: 'Alan Turing' } })).map(({ id }) => id) },
      attributes: ['status'],
      raw: true,
    }),
  ).toEqual([{ status: 'approved' }])

  // A pre-event survey with an answer and a meeting with a breakout, as the survey form and the media edge would leave them.
  const grace = await User.findOne({ where: { emailAddress: `grace.${suffix}@example.com` }, rejectOnEmpty: true })
  const preSurvey = await FormDefinition.create({
    brandId,
    steps: [[{ name: 'hopes', type: 'shortText', label: 'Your hopes', required: true }]] as never,
  })
  await FormSubmission.create({ formDefinitionId: preSurvey.id, userId: grace.id, values: { hopes: '=1+1' } })
  await CommunityEvent.update({ preSurveyFormId: preSurvey.id }, { where: { roomId: room.id } })
  const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 18, minutes))
  const main = await MeetingRoom.create({ type: 'main', roomId: room.id, startedAt: at(0) })
  const breakout = await MeetingRoom.create({
    type: 'breakout',
    parentId: main.id,
    roomId: room.id,
    name: 'Table 1',
    startedAt: at(10),
  })
  await MeetingPeer.create({
    meetingRoomId: main.id,
    userId: grace.id,
    status: 'joined',
    joinedAt: at(1),
    leftAt: at(10),
  })
  await MeetingPeer.create({
    meetingRoomId: breakout.id,
    userId: grace.id,
    status: 'joined',
    joinedAt: at(10),
    leftAt: at(30),
  })

  // Every export, read back.
  const registrations = await download(page, exportLink('registrations'))
  expect(registrations[0]).toEqual(['name', 'email', 'phone', 'status', 'coHost', 'registeredAt', 'termsAcceptedAt'])
  expect(
    registrations
      .slice(1)
      .map((row) => [row[0], row[3], row[4]])
      .sort(),
  ).toEqual([
    ["'=cmd Person", 'approved', 'yes'],
    ['Alan Turing', 'approved', 'no'],
    ['Grace Hopper', 'approved', 'yes'],
  ])
  const survey = await download(page, exportLink('preSurvey'))
  expect(survey).toEqual([
    ['name', 'email', 'submittedAt', 'Your hopes'],
    ['Grace Hopper', `grace.${suffix}@example.com`, expect.any(String), "'=1+1"],
  ])
  const participants = await download(page, exportLink('participants'))
  expect(participants).toEqual([
    ['name', 'email', 'joinedAt', 'leftAt', 'breakoutRooms'],
    ['Grace Hopper', `grace.${suffix}@example.com`, '2030-01-01T18:01:00.000Z', '2030-01-01T18:30:00.000Z', 'Table 1'],
  ])
  // The post-event survey has no form: nothing to export.
  await page.getByRole('link', { name: exportLink('postSurvey') }).click()
  await expect(page.getByText(text('eventMembers:export.nothing'))).toBeVisible()

  // Predefined breakout groups, from the composition tab: a bad row first, then a good file.
  await page
    .getByRole('navigation', { name: text('events:editor.tabs.label') })
    .getByRole('link', { name: text('events:editor.tabs.composition') })
    .click()
  await page.getByRole('link', { name: text('events:fields.predefinedGroups') }).click()
  await expect(page.getByRole('heading', { name: text('eventMembers:groups.title') })).toBeVisible()
  await expect(page.getByRole('heading', { name: text('eventMembers:groups.none') })).toBeVisible()
  await page.getByLabel(text('eventMembers:groups.text')).fill('ada@example.com, grace@example.com\nlonely@example.com')
  await page.getByRole('button', { name: text('eventMembers:groups.save') }).click()
  await expect(page.getByText(text('eventMembers:groups.problems.tooFew', { row: 2 }))).toBeVisible()
  await expect(page.getByLabel(text('eventMembers:groups.text'))).toHaveValue(/lonely@example\.com/)
  await expect(page.getByRole('heading', { name: text('eventMembers:groups.none') })).toBeVisible()
  await expectAccessible(page)
  await screenshots(page, testInfo, 'event-members-groups-refused')
  await page.getByLabel(text('eventMembers:groups.text')).fill('')
  await page.getByLabel(text('eventMembers:groups.file')).setInputFiles({
    name: 'groups.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('"ada@example.com, grace@example.com"\n"lin@example.com, max@example.com, zoe@example.com"\n'),
  })
  await page.getByRole('button', { name: text('eventMembers:groups.save') }).click()
  await expect(page.getByText(text('eventMembers:groups.flash.saved', { count: 2 }))).toBeVisible()
  await expect(page.getByRole('heading', { name: text('eventMembers:groups.count', { count: 2 }) })).toBeVisible()
  await expect(page.getByText('lin@example.com, max@example.com, zoe@example.com')).toBeVisible()
  await screenshots(page, testInfo, 'event-members-groups')
  await page.getByRole('button', { name: text('eventMembers:groups.clear') }).click()
  await expect(page.getByText(text('eventMembers:groups.flash.cleared'))).toBeVisible()
  await expect(page.getByRole('heading', { name: text('eventMembers:groups.none') })).toBeVisible()

  // The 400s above (nothing ticked, the bad group row) were answered on purpose; nothing else may fail.
  expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([])
})

test('a member may not open an event’s Members tab', async ({ page }, testInfo) => {
  const suffix = `${testInfo.project.name}-${randomBytes(3).toString('hex')}`
  const slug = `evm-no-${suffix}`
  const brandId = await makeCommunity(slug, `Event Members No ${suffix}`)
  const member = `max.${suffix}@event-members.hearth.test`
  await addPerson(brandId, { name: 'Max Member', emailAddress: member })
  await makeRoom({ id: brandId }, { slug: 'closed-event', name: 'Closed event', context: 'event' })
  await signInWithSession(page, member)
  const response = await page.goto(`/${slug}/events/closed-event/edit/members`)
  expect(response?.status()).toBe(403)
  await expect(page.getByText(text('events:errors.noPermission'))).toBeVisible()
  const exported = await page.request.get(`/${slug}/events/closed-event/edit/members/export/registrations`, {
    maxRedirects: 0,
  })
  expect(exported.status()).toBe(403)
})
