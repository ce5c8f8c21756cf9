// The event editor's Members tab (docs/admin-guide.md#event-members-imports-and-exports: the CSV
// import with its upload result screen, the exports and "Nothing to export", breakout invitations,
// event participants): the routes' real loaders and actions on the file's own database, every rule
// with its bad input.
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CommunityEvent,
  EventRegistration,
  EventSeries,
  FormDefinition,
  FormSubmission,
  MeetingPeer,
  MeetingRoom,
  MemberInvitation,
  Membership,
  OutboxMessage,
  User,
  type Brand,
  type Room,
} from '#models/index'
import {
  action as tabAction,
  loader as tabLoader,
} from '#app/routes/$brand._community.events.$room.edit.members._index/route'
import {
  action as importAction,
  loader as importLoader,
} from '#app/routes/$brand._community.events.$room.edit.members.import/route'
import { loader as exportLoader } from '#app/routes/$brand._community.events.$room.edit.members.export.$kind'
import {
  action as groupsAction,
  loader as groupsLoader,
} from '#app/routes/$brand._community.events.$room.edit.composition_.groups/route'
import { action as compositionAction } from '#app/routes/$brand._community.events.$room.edit.composition/route'
import {
  APPROVALS_LIMIT,
  type ImportActionData,
  type GroupsActionData,
  type MembersTabActionData,
} from '#app/lib/events/event-members-routes.server'
import { REGISTRATION_IMPORT_MAX_ROWS } from '#app/lib/events/event-member-import.server'
import type { FormSteps } from '#app/lib/forms/form-definition'
import { grantRole, makeCommunity, makeEventRoom, makeUser } from '#tests/support/factories'
import { flashOf } from '#tests/support/flash'
import { routeArgs } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

let brand: Brand
let adminCookie: string
let memberCookie: string

beforeAll(async () => {
  const community = await makeCommunity()
  brand = community.brand
  const admin = await makeUser()
  await grantRole(admin, brand, 'community-admin')
  adminCookie = await signedInCookie(admin.id)
  const member = await makeUser()
  await grantRole(member, brand)
  memberCookie = await signedInCookie(member.id)
})

const base = (room: Room) => `/${brand.slug}/events/${room.slug}/edit`
const params = (room: Room, extra: Record<string, string> = {}) => ({ brand: brand.slug, room: room.slug, ...extra })

/** Runs a loader or action: what it answered, or the Response it threw. */
async function run(work: Promise<unknown>): Promise<{ status: number; body?: any; response?: Response }> {
  try {
    const result = await work
    if (result instanceof Response) return { status: result.status, response: result }
    return { status: initOf(result).status, body: unwrap(result) }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, response: thrown }
  }
}

const tabPost = (room: Room, fields: Array<[string, string]>, cookie = adminCookie, query = '') =>
  run(
    tabAction(
      routeArgs(`${base(room)}/members${query}`, params(room), {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie },
      }),
    ),
  )
const tabGet = (room: Room, query = '', cookie = adminCookie) =>
  run(tabLoader(routeArgs(`${base(room)}/members${query}`, params(room), { headers: { Cookie: cookie } })))

const csvFile = (text: string, name = 'registrations.csv', type = 'text/csv') => new File([text], name, { type })
function upload(room: Room, file: File | null, cookie = adminCookie) {
  const body = new FormData()
  if (file) body.set('file', file)
  return run(
    importAction(
      routeArgs(`${base(room)}/members/import`, params(room), { method: 'POST', body, headers: { Cookie: cookie } }),
    ),
  )
}
const download = (room: Room, kind: string, cookie = adminCookie) =>
  run(
    exportLoader(
      routeArgs(`${base(room)}/members/export/${kind}`, params(room, { kind }), { headers: { Cookie: cookie } }),
    ),
  )
async function csvRows(response: Response) {
  expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
  expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename=".+\.csv"$/)
  return parse(await response.text(), { bom: true }) as string[][]
}

function groupsPost(room: Room, fields: Record<string, string>, file?: File, cookie = adminCookie) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.set(name, value)
  if (file) body.set('file', file)
  return run(
    groupsAction(
      routeArgs(`${base(room)}/composition/groups`, params(room), {
        method: 'POST',
        body,
        headers: { Cookie: cookie },
      }),
    ),
  )
}

/** A form's steps as the model stores them (its attribute is typed `unknown`). */
const asSteps = (steps: FormSteps) => steps as unknown as FormDefinition['steps']

async function registered(
  room: Room,
  name: string,
  fields: Partial<{ status: 'approved' | 'pending'; coHost: boolean; emailAddress: string }> = {},
) {
  const user = await makeUser({ name, ...(fields.emailAddress ? { emailAddress: fields.emailAddress } : {}) })
  await CommunityEvent.findOrCreate({ where: { roomId: room.id }, defaults: { roomId: room.id } })
  const registration = await EventRegistration.create({
    roomId: room.id,
    userId: user.id,
    status: fields.status ?? 'approved',
    coHost: fields.coHost ?? false,
  })
  return { user, registration }
}

describe('the registrations list', () => {
  it('lists the event’s registrations with their person, filtered by status, with the counts', async () => {
    const room = await makeEventRoom(brand, { name: 'Listed event' })
    const other = await makeEventRoom(brand)
    const ada = await registered(room, 'Ada Lovelace', { coHost: true })
    await registered(room, 'Grace Hopper', { status: 'pending' })
    await registered(other, 'Someone Else')
    const all = await tabGet(room)
    expect(all.status).toBe(200)
    expect(all.body.registrations.counts).toEqual({ all: 2, approved: 1, pending: 1 })
    expect(all.body.registrations.rows.map((row: { name: string }) => row.name).sort()).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ])
    expect(all.body.registrations.rows.find((row: { name: string }) => row.name === 'Ada Lovelace')).toMatchObject({
      id: ada.registration.id,
      emailAddress: ada.user.emailAddress,
      status: 'approved',
      coHost: true,
      source: 'form',
      termsAcceptedAt: null,
    })
    // When the terms were accepted, for a community that asks them.
    const acceptedAt = new Date('2026-05-04T10:00:00Z')
    await EventRegistration.update({ termsAcceptedAt: acceptedAt }, { where: { id: ada.registration.id } })
    expect(
      (await tabGet(room)).body.registrations.rows.find((row: { id: string }) => row.id === ada.registration.id),
    ).toMatchObject({ termsAcceptedAt: acceptedAt.toISOString() })
    const pending = await tabGet(room, '?status=pending')
    expect(pending.body.filter).toBe('pending')
    expect(pending.body.registrations.rows.map((row: { name: string }) => row.name)).toEqual(['Grace Hopper'])
    // An unknown filter is no filter.
    expect((await tabGet(room, '?status=deleted')).body.filter).toBe('all')
  })

  it('refuses someone who may not manage events with the spec’s message and a 403', async () => {
    const room = await makeEventRoom(brand)
    const page = await tabGet(room, '', memberCookie)
    expect(page.status).toBe(403)
    expect(page.body).toMatchObject({ refusal: 'events:errors.noPermission', registrations: null, event: null })
  })
})

describe('the tick-box actions', () => {
  it('approves the ticked pending registrations, and the rest of each action, with a flash', async () => {
    const room = await makeEventRoom(brand)
    const a = await registered(room, 'Pending One', { status: 'pending' })
    const b = await registered(room, 'Pending Two', { status: 'pending' })
    const c = await registered(room, 'Pending Three', { status: 'pending' })
    const approved = await tabPost(
      room,
      [
        ['intent', 'approve'],
        ['ids', a.registration.id],
        ['ids', b.registration.id],
      ],
      adminCookie,
      '?status=pending',
    )
    expect(approved.status).toBe(302)
    expect(approved.response!).toRedirectTo(`${base(room)}/members?status=pending`)
    await expect(approved.response!).toHaveFlash({
      kind: 'success',
      message: 'eventMembers:flash.approve',
      values: { count: 2 },
    })
    const status = async (registration: EventRegistration) => (await registration.reload()).status
    expect([await status(a.registration), await status(b.registration), await status(c.registration)]).toEqual([
      'approved',
      'approved',
      'pending',
    ])

    await tabPost(room, [
      ['intent', 'pending'],
      ['ids', a.registration.id],
    ])
    expect(await status(a.registration)).toBe('pending')
    await tabPost(room, [
      ['intent', 'coHost'],
      ['ids', b.registration.id],
    ])
    expect((await b.registration.reload()).coHost).toBe(true)
    await tabPost(room, [
      ['intent', 'notCoHost'],
      ['ids', b.registration.id],
    ])
    expect((await b.registration.reload()).coHost).toBe(false)
    const removed = await tabPost(room, [
      ['intent', 'remove'],
      ['ids', c.registration.id],
    ])
    await expect(removed.response!).toHaveFlash({
      message: 'eventMembers:flash.remove',
      values: { count: 1 },
    })
    expect(await EventRegistration.findByPk(c.registration.id)).toBeNull()
  })

  it('lets the approved into the event room (co-hosts among its co-hosts) and mails them their confirmation; pending and removed are let out', async () => {
    const room = await makeEventRoom(brand)
    const a = await registered(room, 'Room Goer', { status: 'pending' })
    const b = await registered(room, 'Room Helper', { status: 'pending' })
    const place = async () => {
      await room.reload()
      return { members: [...(room.members ?? [])].sort(), coHosts: [...(room.coHosts ?? [])].sort() }
    }
    await tabPost(room, [
      ['intent', 'approve'],
      ['ids', a.registration.id],
      ['ids', b.registration.id],
    ])
    expect(await place()).toEqual({ members: [a.user.id, b.user.id].sort(), coHosts: [] })
    const mail = await OutboxMessage.findOne({
      where: { recipient: a.user.emailAddress! },
      order: [['createdAt', 'DESC']],
    })
    expect(mail?.text).toContain(`/events/${room.slug}/auto-join?code=`)

    await tabPost(room, [
      ['intent', 'coHost'],
      ['ids', b.registration.id],
    ])
    expect(await place()).toEqual({ members: [a.user.id, b.user.id].sort(), coHosts: [b.user.id] })
    await tabPost(room, [
      ['intent', 'pending'],
      ['ids', b.registration.id],
    ])
    expect(await place()).toEqual({ members: [a.user.id], coHosts: [] })
    await tabPost(room, [
      ['intent', 'remove'],
      ['ids', a.registration.id],
    ])
    expect(await place()).toEqual({ members: [], coHosts: [] })
  })

  it('leaves another event’s registrations alone whatever ids the form names', async () => {
    const room = await makeEventRoom(brand)
    const other = await makeEventRoom(brand)
    const theirs = await registered(other, 'Not Here', { status: 'pending' })
    const answer = await tabPost(room, [
      ['intent', 'remove'],
      ['ids', theirs.registration.id],
    ])
    await expect(answer.response!).toHaveFlash({ values: { count: 0 } })
    expect(await EventRegistration.findByPk(theirs.registration.id)).not.toBeNull()
  })

  it('answers 400 when nothing is ticked, for an unknown action and for ids that are not ids', async () => {
    const room = await makeEventRoom(brand)
    const { registration } = await registered(room, 'Kept As Is', { status: 'pending' })
    const none = await tabPost(room, [['intent', 'approve']])
    expect(none.status).toBe(400)
    expect((none.body as MembersTabActionData).error).toBe('eventMembers:errors.noneSelected')
    const unknown = await tabPost(room, [
      ['intent', 'promote'],
      ['ids', registration.id],
    ])
    expect(unknown.status).toBe(400)
    expect((unknown.body as MembersTabActionData).error).toBe('eventMembers:errors.badRequest')
    const junk = await tabPost(room, [
      ['intent', 'approve'],
      ['ids', "x' OR 1=1"],
    ])
    expect(junk.status).toBe(400)
    expect((await registration.reload()).status).toBe('pending')
  })

  it('limits approvals (they send mail) per manager: the one past the limit is a 429 and approves nothing', async () => {
    const room = await makeEventRoom(brand)
    const busyAdmin = await makeUser()
    await grantRole(busyAdmin, brand, 'community-admin')
    const cookie = await signedInCookie(busyAdmin.id)
    const { registration } = await registered(room, 'Late Approval', { status: 'pending' })
    const other = await registered(room, 'Early Approval', { status: 'pending' })
    for (let n = 0; n < APPROVALS_LIMIT.max; n++)
      expect(
        (
          await tabPost(
            room,
            [
              ['intent', 'approve'],
              ['ids', other.registration.id],
            ],
            cookie,
          )
        ).status,
      ).toBe(302)
    const refused = await tabPost(
      room,
      [
        ['intent', 'approve'],
        ['ids', registration.id],
      ],
      cookie,
    )
    expect(refused.status).toBe(429)
    expect((refused.body as MembersTabActionData).error).toBe('eventMembers:errors.tooOften')
    expect((await registration.reload()).status).toBe('pending')
    // Other actions send nothing and are not limited.
    expect(
      (
        await tabPost(
          room,
          [
            ['intent', 'coHost'],
            ['ids', registration.id],
          ],
          cookie,
        )
      ).status,
    ).toBe(302)
  })

  it('refuses a member with a 403 and changes nothing', async () => {
    const room = await makeEventRoom(brand)
    const { registration } = await registered(room, 'Still Pending', { status: 'pending' })
    const answer = await tabPost(
      room,
      [
        ['intent', 'approve'],
        ['ids', registration.id],
      ],
      memberCookie,
    )
    expect(answer.status).toBe(403)
    expect((await registration.reload()).status).toBe('pending')
  })
})

describe('the CSV import', () => {
  it('loads its page for a manager', async () => {
    const room = await makeEventRoom(brand)
    const page = await run(
      importLoader(routeArgs(`${base(room)}/members/import`, params(room), { headers: { Cookie: adminCookie } })),
    )
    expect(page.body).toMatchObject({ maxRows: REGISTRATION_IMPORT_MAX_ROWS, event: { slug: room.slug } })
  })

  it('registers the good rows, finds or makes the people and members, and reports every bad row with its reason', async () => {
    const room = await makeEventRoom(brand)
    const known = await makeUser({ name: 'Known Person', emailAddress: 'known@event-import.test' })
    const alreadyPending = await makeUser({ name: 'Was Pending', emailAddress: 'waspending@event-import.test' })
    await grantRole(alreadyPending, brand)
    await CommunityEvent.create({ roomId: room.id })
    await EventRegistration.create({ roomId: room.id, userId: alreadyPending.id, status: 'pending' })
    await makeUser({ phoneNumber: '+14155550177' })
    const { status, body } = await upload(
      room,
      csvFile(
        [
          'Full Name,Email Address,Phone Number,Status,Co-Host,Event Series',
          'Grace Hopper, Grace@Event-Import.test ,(415) 555-0132,approved,yes,',
          'Alan Turing,alan@event-import.test,,pending,0,',
          'Known Person,KNOWN@event-import.test,,,TRUE,',
          'Was Pending,waspending@event-import.test,,approved,no,',
          'X,x@event-import.test,,,,',
          'Prince,prince@event-import.test,,,,',
          'Bad Email,not-an-email,,,,',
          'Bad Phone,badphone@event-import.test,123,,,',
          'Bad Status,badstatus@event-import.test,,maybe,,',
          'Bad Host,badhost@event-import.test,,,host,',
          'Grace Again,grace@event-import.test,,,,',
          'In A Series,series@event-import.test,,,,Spring talks',
          'Phone Thief,thief@event-import.test,4155550177,,,',
        ].join('\r\n'),
      ),
    )
    expect(status).toBe(200)
    const report = (body as ImportActionData).report!
    const byLine = Object.fromEntries(
      report.rows.map((row) => [row.line, row.outcome === 'refused' ? row.reasons.join(' ') : row.outcome]),
    )
    expect(byLine).toEqual({
      2: 'imported',
      3: 'imported',
      4: 'invited',
      5: 'updated',
      6: 'members:editor.errors.nameTooShort',
      7: 'members:editor.errors.nameFull',
      8: 'members:editor.errors.emailInvalid',
      9: 'members:editor.errors.phoneInvalid',
      10: 'eventMembers:import.reasons.status',
      11: 'eventMembers:import.reasons.coHost',
      12: 'eventMembers:import.reasons.duplicate',
      13: 'eventMembers:import.reasons.unknownSeries',
      14: 'members:editor.errors.phoneTaken',
    })
    expect(report).toMatchObject({ imported: 2, updated: 1, invited: 1, refused: 9 })

    const grace = (await User.findOne({ where: { emailAddress: 'grace@event-import.test' } }))!
    expect(grace).toMatchObject({ name: 'Grace Hopper', phoneNumber: '+14155550132' })
    expect(await EventRegistration.findOne({ where: { roomId: room.id, userId: grace.id } })).toMatchObject({
      status: 'approved',
      coHost: true,
      source: 'import',
    })
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: grace.id } })).toMatchObject({
      status: 'active',
      source: 'import',
    })
    const alan = (await User.findOne({ where: { emailAddress: 'alan@event-import.test' } }))!
    expect(await EventRegistration.findOne({ where: { roomId: room.id, userId: alan.id } })).toMatchObject({
      status: 'pending',
      coHost: false,
    })
    // An existing account that is not a member is kept as it is and invited: nothing is registered until they accept.
    expect((await known.reload()).name).toBe('Known Person')
    expect(await EventRegistration.count({ where: { roomId: room.id, userId: known.id } })).toBe(0)
    expect(await Membership.count({ where: { brandId: brand.id, userId: known.id } })).toBe(0)
    expect(await MemberInvitation.findOne({ where: { brandId: brand.id, userId: known.id } })).toMatchObject({
      kind: 'registration',
      offer: { status: 'approved', coHost: true },
    })
    expect(await EventRegistration.findOne({ where: { roomId: room.id, userId: alreadyPending.id } })).toMatchObject({
      status: 'approved',
      source: 'form',
    })
    // Refused rows made nobody.
    for (const email of [
      'x@event-import.test',
      'badstatus@event-import.test',
      'series@event-import.test',
      'thief@event-import.test',
    ]) {
      expect(await User.count({ where: { emailAddress: email } })).toBe(0)
    }
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(3)
  })

  it("registers a row's person for the upcoming sessions of the series it names too", async () => {
    const room = await makeEventRoom(brand)
    const series = await EventSeries.create({
      brandId: brand.id,
      name: 'Autumn Talks',
      summary: 'Talks',
      firstStartsAt: new Date(Date.now() + 86_400_000),
      timeZone: 'UTC',
      durationMinutes: 60,
      rrule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=2',
    })
    const session = (days: number) =>
      makeEventRoom(brand, {
        startsAt: new Date(Date.now() + days * 86_400_000),
        endsAt: new Date(Date.now() + days * 86_400_000 + 3_600_000),
      })
    const [upcoming, over] = [await session(7), await session(-7)]
    for (const one of [upcoming, over]) await CommunityEvent.create({ roomId: one.id, seriesId: series.id })
    const { body } = await upload(
      room,
      csvFile(['fullName,emailAddress,eventSeries', 'Serial Guest,serial@event-import.test, autumn talks '].join('\n')),
    )
    expect((body as ImportActionData).report).toMatchObject({ imported: 1, refused: 0 })
    const guest = (await User.findOne({ where: { emailAddress: 'serial@event-import.test' } }))!
    const roomsOf = (await EventRegistration.findAll({ where: { userId: guest.id } }))
      .map((registration) => registration.roomId)
      .sort()
    expect(roomsOf).toEqual([room.id, upcoming.id].sort())
    expect((await upcoming.reload()).members).toContain(guest.id)
  })

  it('takes pending as the default status of an event that moderates its registrations', async () => {
    const room = await makeEventRoom(brand)
    await CommunityEvent.create({ roomId: room.id, registrationModeration: true })
    await upload(room, csvFile('fullName,emailAddress\nMod Erated,moderated@event-import.test\n'))
    const user = (await User.findOne({ where: { emailAddress: 'moderated@event-import.test' } }))!
    expect(await EventRegistration.findOne({ where: { roomId: room.id, userId: user.id } })).toMatchObject({
      status: 'pending',
    })
  })

  it('refuses whole files with a 400: none chosen, empty, not CSV, no header, too many rows', async () => {
    const room = await makeEventRoom(brand)
    const problem = async (file: File | null) => {
      const answer = await upload(room, file)
      expect(answer.status).toBe(400)
      return (answer.body as ImportActionData).problem
    }
    expect(await problem(null)).toBe('eventMembers:import.errors.fileRequired')
    expect(await problem(csvFile(''))).toBe('eventMembers:import.errors.empty')
    expect(await problem(csvFile('  \n\n'))).toBe('eventMembers:import.errors.empty')
    expect(await problem(csvFile('fullName,emailAddress\n'))).toBe('eventMembers:import.errors.empty')
    expect(await problem(csvFile('hello', 'notes.txt', 'text/plain'))).toBe('eventMembers:import.errors.notCsv')
    expect(await problem(csvFile('a,b', 'photo.csv', 'image/png'))).toBe('eventMembers:import.errors.notCsv')
    expect(
      await problem(
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe])], 'sneaky.csv', { type: 'text/csv' }),
      ),
    ).toBe('eventMembers:import.errors.notCsv')
    expect(await problem(csvFile('fullName,emailAddress\n"unclosed,quote@x.org\n'))).toBe(
      'eventMembers:import.errors.notCsv',
    )
    expect(await problem(csvFile('name,email\nAda Lovelace,ada@example.com\n'))).toBe(
      'eventMembers:import.errors.noHeader',
    )
    const many = [
      'fullName,emailAddress',
      ...Array.from({ length: REGISTRATION_IMPORT_MAX_ROWS + 1 }, (_, n) => `Person Number${n},p${n}@many.test`),
    ].join('\n')
    expect(await problem(csvFile(many))).toBe('eventMembers:import.errors.tooManyRows')
    expect(await EventRegistration.count({ where: { roomId: room.id } })).toBe(0)
  })

  it('refuses a member with a 403 and imports nothing', async () => {
    const room = await makeEventRoom(brand)
    const answer = await upload(
      room,
      csvFile('fullName,emailAddress\nNot Allowed,notallowed@event-import.test\n'),
      memberCookie,
    )
    expect(answer.status).toBe(403)
    expect(await User.count({ where: { emailAddress: 'notallowed@event-import.test' } })).toBe(0)
  })
})

describe('the exports', () => {
  it('downloads the registrations with one column per question of the registration form, formulas made inert', async () => {
    const room = await makeEventRoom(brand)
    const form = await FormDefinition.create({
      brandId: brand.id,
      steps: asSteps([
        [
          { name: 'company', type: 'shortText', label: 'Company', required: true },
          { name: 'intro', type: 'displayText', label: '', required: false, text: 'Welcome' },
        ],
        [
          { name: 'topics', type: 'multipleChoice', label: 'Topics', required: false, options: ['Art', 'Code'] },
          { name: 'newsletter', type: 'toggle', label: 'Newsletter', required: false },
        ],
      ]),
    })
    await CommunityEvent.create({ roomId: room.id, registrationFormId: form.id })
    const ada = await makeUser({ name: 'Ada Lovelace', emailAddress: 'ada@export.test', phoneNumber: '+14155550111' })
    const submission = await FormSubmission.create({
      formDefinitionId: form.id,
      userId: ada.id,
      values: { company: '=HYPERLINK("http://evil.test","click")', topics: ['Art', 'Code'], newsletter: true },
    })
    await EventRegistration.create({
      roomId: room.id,
      userId: ada.id,
      status: 'approved',
      coHost: true,
      submissionId: submission.id,
      termsAcceptedAt: new Date('2026-05-04T10:00:00Z'),
    })
    const sneaky = await makeUser({ name: '@SUM(1+1)', emailAddress: 'sneaky@export.test' })
    await EventRegistration.create({ roomId: room.id, userId: sneaky.id, status: 'pending', source: 'import' })

    const answer = await download(room, 'registrations')
    expect(answer.status).toBe(200)
    const [header, ...unordered] = await csvRows(answer.response!)
    expect(header).toEqual([
      'name',
      'email',
      'phone',
      'status',
      'coHost',
      'registeredAt',
      'termsAcceptedAt',
      'Company',
      'Topics',
      'Newsletter',
    ])
    expect(unordered).toHaveLength(2)
    // Registered in the same second (MariaDB keeps whole seconds): the order between them is not the point.
    const rows = [...unordered].sort((a, b) => a[1]!.localeCompare(b[1]!))
    expect(rows[0]).toEqual([
      'Ada Lovelace',
      'ada@export.test',
      '+14155550111',
      'approved',
      'yes',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      '2026-05-04T10:00:00.000Z',
      `'=HYPERLINK("http://evil.test","click")`,
      'Art; Code',
      'yes',
    ])
    expect(rows[1]!.slice(0, 5)).toEqual(["'@SUM(1+1)", 'sneaky@export.test', '', 'pending', 'no'])
    expect(rows[1]!.slice(6)).toEqual(['', '', '', ''])
  })

  it('says "Nothing to export" on the tab instead of sending an empty file', async () => {
    const room = await makeEventRoom(brand)
    for (const kind of ['registrations', 'pre-survey', 'post-survey', 'participants']) {
      const answer = await download(room, kind)
      expect(answer.status).toBe(302)
      expect(answer.response!).toRedirectTo(`${base(room)}/members`)
      await expect(answer.response!).toHaveFlash({ kind: 'error', message: 'eventMembers:export.nothing' })
    }
  })

  it('downloads each survey as its own file, with its questions as columns', async () => {
    const room = await makeEventRoom(brand)
    const pre = await FormDefinition.create({
      brandId: brand.id,
      steps: asSteps([[{ name: 'hopes', type: 'longText', label: 'What do you hope for?', required: true }]]),
    })
    const post = await FormDefinition.create({
      brandId: brand.id,
      steps: asSteps([[{ name: 'stars', type: 'rating', label: 'Stars', required: true, max: 5 }]]),
    })
    await CommunityEvent.create({ roomId: room.id, preSurveyFormId: pre.id, postSurveyFormId: post.id })
    const lin = await makeUser({ name: 'Lin Survey', emailAddress: 'lin@survey.test' })
    await FormSubmission.create({ formDefinitionId: pre.id, userId: lin.id, values: { hopes: '-1+cmd|calc' } })
    const [preHeader, ...preRows] = await csvRows((await download(room, 'pre-survey')).response!)
    expect(preHeader).toEqual(['name', 'email', 'submittedAt', 'What do you hope for?'])
    expect(preRows).toEqual([['Lin Survey', 'lin@survey.test', expect.any(String), "'-1+cmd|calc"]])
    // The post survey has no answers yet.
    expect(await flashOf((await download(room, 'post-survey')).response!)).toMatchObject({
      message: 'eventMembers:export.nothing',
    })
    await FormSubmission.create({ formDefinitionId: post.id, userId: lin.id, values: { stars: 4 } })
    const [postHeader, ...postRows] = await csvRows((await download(room, 'post-survey')).response!)
    expect(postHeader).toEqual(['name', 'email', 'submittedAt', 'Stars'])
    expect(postRows[0]![3]).toBe('4')
  })

  it('downloads the participants from the meeting rows: first join, last leave, breakout rooms', async () => {
    const room = await makeEventRoom(brand)
    const ada = await makeUser({ name: 'Ada Meeting', emailAddress: 'ada@meeting.test' })
    const bob = await makeUser({ name: 'Bob Meeting', emailAddress: 'bob@meeting.test' })
    const at = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 10, minutes))
    const main = await MeetingRoom.create({ roomId: room.id, type: 'main', startedAt: at(0) })
    const breakout = await MeetingRoom.create({
      roomId: room.id,
      type: 'breakout',
      parentId: main.id,
      name: 'Room A',
      startedAt: at(10),
    })
    const breakoutB = await MeetingRoom.create({
      roomId: room.id,
      type: 'breakout',
      parentId: main.id,
      name: '=Room B',
      startedAt: at(20),
    })
    await MeetingPeer.create({ meetingRoomId: main.id, userId: ada.id, joinedAt: at(1), leftAt: at(10) })
    await MeetingPeer.create({ meetingRoomId: breakout.id, userId: ada.id, joinedAt: at(10), leftAt: at(20) })
    await MeetingPeer.create({ meetingRoomId: breakoutB.id, userId: ada.id, joinedAt: at(20), leftAt: at(30) })
    await MeetingPeer.create({ meetingRoomId: main.id, userId: ada.id, joinedAt: at(30), leftAt: at(45) })
    await MeetingPeer.create({ meetingRoomId: main.id, userId: bob.id, joinedAt: at(5), leftAt: null })
    await MeetingPeer.create({
      meetingRoomId: main.id,
      userId: 'guest:abc',
      userMeta: { name: 'A Guest' },
      joinedAt: at(7),
      leftAt: at(8),
    })
    const [header, ...rows] = await csvRows((await download(room, 'participants')).response!)
    expect(header).toEqual(['name', 'email', 'joinedAt', 'leftAt', 'breakoutRooms'])
    expect(rows).toEqual([
      ['Ada Meeting', 'ada@meeting.test', at(1).toISOString(), at(45).toISOString(), 'Room A; =Room B'],
      ['Bob Meeting', 'bob@meeting.test', at(5).toISOString(), '', ''],
      ['A Guest', '', at(7).toISOString(), at(8).toISOString(), ''],
    ])
  })

  it('answers 404 for an unknown export and 403 to a member', async () => {
    const room = await makeEventRoom(brand)
    await registered(room, 'Some Person')
    expect((await download(room, 'everything')).status).toBe(404)
    expect((await download(room, 'registrations', memberCookie)).status).toBe(403)
  })
})

describe('predefined breakout groups', () => {
  const stored = async (room: Room) => (await CommunityEvent.findByPk(room.id))?.predefinedGroups ?? null

  it('saves pasted groups, shows them, and clears them', async () => {
    const room = await makeEventRoom(brand)
    const saved = await groupsPost(room, {
      intent: 'save',
      groups: 'ada@example.com, grace@example.com\nlin@example.com,max@example.com,zoe@example.com',
    })
    expect(saved.status).toBe(302)
    await expect(saved.response!).toHaveFlash({
      kind: 'success',
      message: 'eventMembers:groups.flash.saved',
      values: { count: 2 },
    })
    expect(await stored(room)).toEqual([
      ['ada@example.com', 'grace@example.com'],
      ['lin@example.com', 'max@example.com', 'zoe@example.com'],
    ])
    const page = await run(
      groupsLoader(routeArgs(`${base(room)}/composition/groups`, params(room), { headers: { Cookie: adminCookie } })),
    )
    expect(page.body.groups).toHaveLength(2)
    const cleared = await groupsPost(room, { intent: 'clear' })
    await expect(cleared.response!).toHaveFlash({ message: 'eventMembers:groups.flash.cleared' })
    expect(await stored(room)).toBeNull()
  })

  it('takes an uploaded CSV (one column of comma-separated emails, one row per group) over the text', async () => {
    const room = await makeEventRoom(brand)
    await groupsPost(
      room,
      { intent: 'save', groups: 'ignored@example.com' },
      csvFile('"a@x.org,b@x.org"\n"c@x.org, d@x.org"\n', 'groups.csv'),
    )
    expect(await stored(room)).toEqual([
      ['a@x.org', 'b@x.org'],
      ['c@x.org', 'd@x.org'],
    ])
  })

  it('saves nothing when any row is wrong, says which, and keeps the typed text', async () => {
    const room = await makeEventRoom(brand)
    await groupsPost(room, { intent: 'save', groups: 'keep@example.com,these@example.com' })
    const text = 'ok@example.com,fine@example.com\nalone@example.com\nbad-address,x@example.com,y@example.com'
    const answer = await groupsPost(room, { intent: 'save', groups: text })
    expect(answer.status).toBe(400)
    const body = answer.body as GroupsActionData
    expect(body.problems).toEqual([
      { row: 2, problem: 'tooFew' },
      { row: 3, problem: 'invalidEmail', email: 'bad-address' },
    ])
    // What was typed comes back (a form post carries its line breaks as CRLF).
    expect(body.result?.initialValue).toMatchObject({ groups: text.replace(/\n/g, '\r\n') })
    expect(await stored(room)).toEqual([['keep@example.com', 'these@example.com']])
  })

  it('answers 400 to nothing given, a binary file and an unknown intent', async () => {
    const room = await makeEventRoom(brand)
    const empty = await groupsPost(room, { intent: 'save', groups: '' })
    expect(empty.status).toBe(400)
    expect((empty.body as GroupsActionData).result?.error?.groups).toEqual(['eventMembers:groups.errors.empty'])
    const binary = await groupsPost(
      room,
      { intent: 'save' },
      new File([new Uint8Array([0xff, 0xfe, 0x00, 0x01])], 'groups.csv', { type: 'text/csv' }),
    )
    expect(binary.status).toBe(400)
    expect((binary.body as GroupsActionData).result?.error?.groups).toEqual(['eventMembers:groups.errors.notCsv'])
    expect((await groupsPost(room, { intent: 'shuffle' })).status).toBe(400)
    expect(await stored(room)).toBeNull()
  })

  it('refuses a member with a 403', async () => {
    const room = await makeEventRoom(brand)
    expect(
      (await groupsPost(room, { intent: 'save', groups: 'a@x.org,b@x.org' }, undefined, memberCookie)).status,
    ).toBe(403)
    expect(await stored(room)).toBeNull()
  })
})

describe('the composition tab beside the groups', () => {
  it('answers a forged list button (an __intent__ that is not conform’s) with a 400, not a 500', async () => {
    const room = await makeEventRoom(brand)
    for (const intent of ['{"type":1}', 'not json', '{}']) {
      const answer = await run(
        compositionAction(
          routeArgs(`${base(room)}/composition`, params(room), {
            method: 'POST',
            body: new URLSearchParams({ eventType: 'live', __intent__: intent }),
            headers: { Cookie: adminCookie },
          }),
        ),
      )
      expect(answer.status).toBe(400)
    }
  })
})
