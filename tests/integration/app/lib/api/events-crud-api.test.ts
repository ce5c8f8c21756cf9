// The JSON API's events (GET and POST /events, GET, PUT and DELETE /events/{id};
// docs/api.md#events-and-registration, docs/decisions/0008-json-api.md): the events pages as JSON. A new
// event as /{brand}/events/new makes it, the list as /{brand}/events shows it, one event as its page shows
// it, the details as the editor's details tab saves them, and archiving as the list's Archive button does.
// Bad bodies answer 400 with the page's message and write nothing; unknown ids answer 404.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CommunityEvent, Role, RoleGrant, Room, type Brand, type User } from '#models/index'
import * as list from '#app/routes/api.events._index'
import * as one from '#app/routes/api.events.$id'
import * as confirmation from '#app/routes/api.events.confirmation'
import { loader as listPage } from '#app/routes/$brand._community.events._index/route'
import { loader as eventPage } from '#app/routes/$brand._community.events.$room._index/route'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeEventRoom, makeRoom, makeUser } from '#tests/support/factories'
import { routeArgs } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let owner: User
let admin: User
let member: User
let outsider: User

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  admin = await makeUser({ name: 'Eve Admin' })
  await grantRole(admin, brand, 'community-admin')
  member = await makeUser({ name: 'Mo Member' })
  await grantRole(member, brand)
  const { brand: other } = await makeCommunity()
  outsider = await makeUser()
  await grantRole(outsider, other, 'community-admin')
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** The new-event form's fields, numbers as JSON numbers. */
const NEW = { date: '2099-05-04', time: '10:30', timeZone: 'Europe/Lisbon', durationMinutes: 90 }

const create = (as: User | null, body: unknown) => apiCall(list.action, '/api/events', { as, body })
const read = (as: User | null, id: string) => apiCall(one.loader, `/api/events/${id}`, { as, params: { id } })
const edit = (as: User | null, id: string, body: unknown) =>
  apiCall(one.action, `/api/events/${id}`, { as, method: 'PUT', params: { id }, body })
const archive = (as: User | null, id: string) =>
  apiCall(one.action, `/api/events/${id}`, { as, method: 'DELETE', params: { id } })
const listOf = (as: User | null, query = '') => apiCall(list.loader, `/api/events?brandId=${brand.id}${query}`, { as })
const eventRooms = () => Room.count({ where: { brandId: brand.id, context: 'event' } })

describe('POST /api/events', () => {
  it('makes the event as the new-event form does: 201, its maker hosts it, its times in its zone', async () => {
    const made = await create(admin, {
      ...NEW,
      brandId: brand.id,
      name: 'API launch',
      description: 'Made by a script.',
      cutoffDate: '2099-05-03',
      cutoffTime: '18:00',
      registrationLimit: 40,
    })
    expect(made.status).toBe(201)
    const { event } = made.body
    expect(event).toMatchObject({
      brandId: brand.id,
      slug: 'api-launch',
      name: 'API launch',
      description: 'Made by a script.',
      bannerImage: null,
      // 10:30 in Lisbon's summer time is 09:30 UTC; 90 minutes on.
      startsAt: '2099-05-04T09:30:00.000Z',
      endsAt: '2099-05-04T11:00:00.000Z',
      timeZone: 'Europe/Lisbon',
      privacy: 'public',
      eventType: 'live',
      slots: [],
      status: 'active',
      ended: false,
      url: `/${brand.slug}/events/api-launch`,
      joinUrl: `/${brand.slug}/api-launch`,
      mayManage: true,
      registration: null,
    })
    const room = (await Room.findByPk(event.id))!
    expect(room).toMatchObject({ context: 'event', hostId: admin.id, members: [admin.id], roomType: 'public' })
    expect(await CommunityEvent.findByPk(room.id)).toMatchObject({
      registrationLimit: 40,
      registrationCutoffAt: new Date('2099-05-03T17:00:00.000Z'),
    })
    const host = await Role.findOne({ where: { slug: 'room-host' }, rejectOnEmpty: true })
    expect(await RoleGrant.count({ where: { userId: admin.id, roleId: host.id, roomId: room.id } })).toBe(1)
    // A second event of the same name takes the next free link, as on the page.
    const again = await create(admin, { ...NEW, brandId: brand.id, name: 'API launch' })
    expect(again.body.event.slug).toBe('api-launch-2')
  })

  it('answers bad bodies with 400 and the page’s message, and makes nothing', async () => {
    const before = await eventRooms()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'a' }, 'nameTooShort', 'Event name must be at least 2 characters.'],
      [{ name: '' }, 'nameRequired', 'Event name is required.'],
      [{ name: null }, 'nameRequired', 'Event name is required.'],
      [{ date: '2001-01-01' }, 'startInPast', 'Event date and time must be in the future.'],
      [{ date: '4 May' }, 'dateInvalid', 'That is not a valid date and time.'],
      [{ time: undefined }, 'timeRequired', 'Pick a time.'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZoneInvalid', 'Pick a time zone from the list.'],
      [
        { durationMinutes: '90' },
        'durationInvalid',
        'The duration is a whole number of minutes, from 1 to 10080 (a week).',
      ],
      [
        { durationMinutes: 20_000 },
        'durationInvalid',
        'The duration is a whole number of minutes, from 1 to 10080 (a week).',
      ],
      [
        { cutoffDate: '2099-05-03' },
        'cutoffIncomplete',
        'Give the registration cutoff both a date and a time, or neither.',
      ],
      [
        { cutoffDate: '2099-04-01', cutoffTime: '10:00' },
        'cutoffOutOfRange',
        'Registration cutoff must be up to 3 days before the start, or 1 hour after it.',
      ],
      [{ registrationLimit: 0 }, 'registrationLimitInvalid', 'The registration limit is a whole number, 1 or more.'],
      [{ banner: 'https://example.com/a.png' }, 'bannerNotImage', 'Banner must be an image file.'],
      [{ name: 5 }, 'badRequest', 'That request could not be understood.'],
    ]
    for (const [fields, error, message] of cases) {
      const answer = await create(admin, { ...NEW, brandId: brand.id, name: 'Never made', ...fields })
      expect({ fields, ...answer }).toEqual({ fields, status: 400, body: { error, message } })
    }
    expect((await create(admin, { ...NEW, name: 'No community' })).body.error).toBe('missingCommunity')
    expect((await create(admin, [NEW])).body.error).toBe('notAnObject')
    const form = await apiCall(list.action, '/api/events', {
      as: admin,
      body: `brandId=${brand.id}&name=Form`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    expect(await eventRooms()).toBe(before)
  })

  it('refuses those without create-events with the page’s message (403) and the signed out (401)', async () => {
    const before = await eventRooms()
    expect(await create(member, { ...NEW, brandId: brand.id, name: 'By a member' })).toEqual({
      status: 403,
      body: { error: 'noPermission', message: 'You do not have permission to create events in this community.' },
    })
    expect((await create(outsider, { ...NEW, brandId: brand.id, name: 'By an outsider' })).status).toBe(403)
    expect((await create(null, { ...NEW, brandId: brand.id, name: 'By nobody' })).status).toBe(401)
    expect((await create(admin, { ...NEW, brandId: 'x'.repeat(36), name: 'Nowhere' })).status).toBe(404)
    expect(await eventRooms()).toBe(before)
  })

  it('answers a failed save with 500 and the page’s words, and leaves nothing half made', async () => {
    const before = await eventRooms()
    vi.spyOn(Room.sequelize!, 'transaction').mockRejectedValueOnce(new Error('database went away'))
    expect(await create(admin, { ...NEW, brandId: brand.id, name: 'Doomed' })).toEqual({
      status: 500,
      body: { error: 'notSaved', message: 'Your changes were not saved' },
    })
    expect(await eventRooms()).toBe(before)
  })
})

describe('GET /api/events/{id}', () => {
  it('answers the event as its page shows it to the requester', async () => {
    const { body } = await create(owner, { ...NEW, brandId: brand.id, name: 'Seen alike', description: 'Words' })
    const { id, slug } = body.event
    const page = await eventPage(
      routeArgs(
        `/${brand.slug}/events/${slug}`,
        { brand: brand.slug, room: slug },
        {
          headers: { Cookie: await signedInCookie(member.id) },
        },
      ),
    )
    const answer = await read(member, id)
    expect(answer.status).toBe(200)
    expect(answer.body.event).toMatchObject({ ...page.event, joinUrl: page.joinUrl, mayManage: false, id })
    expect(answer.body.event).toMatchObject({
      name: 'Seen alike',
      description: 'Words',
      joinUrl: `/${brand.slug}/${slug}`,
    })
    expect((await read(owner, id)).body.event.mayManage).toBe(true)
  })

  it('shows a registration event’s registration as its page does', async () => {
    const room = await makeEventRoom(brand, { name: 'With registration', hostId: owner.id })
    await CommunityEvent.create({ roomId: room.id, registrationEnabled: true })
    const answer = await read(member, room.id)
    expect(answer.body.event).toMatchObject({
      // Not yet approved: the meeting is not theirs to join.
      joinUrl: null,
      registration: {
        status: null,
        closed: null,
        url: `/${brand.slug}/events/${room.slug}/register`,
        // As stored: MariaDB keeps whole seconds.
        cutoff: (await room.reload()).startsAt!.toISOString(),
      },
    })
  })

  it('answers 404 to those its page refuses, and for an archived event, a non-event or an unknown id', async () => {
    const hidden = await makeEventRoom(brand, { name: 'Private', roomType: 'private', hostId: owner.id })
    const premium = await makeEventRoom(brand, { name: 'Premium', roomType: 'premium', hostId: owner.id })
    const notFound = { error: 'eventNotFound', message: 'This event does not exist.' }
    for (const room of [hidden, premium]) {
      expect(await read(member, room.id)).toEqual({ status: 404, body: notFound })
      // Those who manage events see it, without a way into its meeting.
      expect((await read(admin, room.id)).body.event).toMatchObject({ id: room.id, joinUrl: null, mayManage: true })
    }
    const listed = await makeEventRoom(brand, { name: 'Private, listed', roomType: 'private', members: [member.id] })
    expect((await read(member, listed.id)).body.event.joinUrl).toBe(`/${brand.slug}/${listed.slug}`)
    const open = await makeEventRoom(brand, { name: 'Public' })
    expect(await read(outsider, open.id)).toEqual({ status: 404, body: notFound })
    expect((await read(null, open.id)).status).toBe(401)
    const archived = await makeEventRoom(brand, { name: 'Archived', status: 'archived' })
    expect((await read(owner, archived.id)).status).toBe(404)
    const group = await makeRoom(brand, { name: 'A group' })
    for (const id of [group.id, 'x'.repeat(36), 'nope'])
      expect(await read(owner, id)).toEqual({ status: 404, body: notFound })
  })
})

describe('GET /api/events', () => {
  it('lists the events page’s tab for the requester, with every tab’s count', async () => {
    const past = await makeEventRoom(brand, {
      name: 'Gone by',
      startsAt: new Date(Date.now() - 2 * 3600_000),
      endsAt: new Date(Date.now() - 3600_000),
    })
    const secret = await makeEventRoom(brand, { name: 'Secret', roomType: 'private', hostId: owner.id })
    const cookie = await signedInCookie(member.id)
    const page = await listPage(
      routeArgs(`/${brand.slug}/events`, { brand: brand.slug }, { headers: { Cookie: cookie } }),
    )
    const upcoming = await listOf(member)
    expect(upcoming.status).toBe(200)
    expect(upcoming.body).toEqual({
      tab: 'upcoming',
      page: 0,
      counts: page.listing.counts,
      events: page.listing.rows,
      mayManage: false,
    })
    const ids = upcoming.body.events.map((row: { id: string }) => row.id)
    expect(ids).not.toContain(secret.id)
    expect(upcoming.body.events[0]).toMatchObject({
      id: expect.any(String),
      slug: expect.any(String),
      name: expect.any(String),
      privacy: expect.any(String),
      tab: 'upcoming',
    })
    expect((await listOf(member, '&tab=past')).body.events.map((row: { id: string }) => row.id)).toContain(past.id)
    // The archived tab is those who manage events'; anyone else gets the upcoming one, as on the page.
    expect((await listOf(member, '&tab=archived')).body.tab).toBe('upcoming')
    const managed = await listOf(owner)
    expect(managed.body.mayManage).toBe(true)
    expect(managed.body.events.map((row: { id: string }) => row.id)).toContain(secret.id)
  })

  it('pages from 0, 100 a page', async () => {
    const { brand: big, owner: bigOwner } = await makeCommunity()
    const start = Date.now() + 86_400_000
    await Room.bulkCreate(
      Array.from({ length: 101 }, (_, n) => ({
        brandId: big.id,
        slug: `big-${n}`,
        name: `Big ${n}`,
        context: 'event' as const,
        startsAt: new Date(start + n * 60_000),
      })),
    )
    const pageOf = (page: number) =>
      apiCall(list.loader, `/api/events?brandId=${big.id}&page=${page}`, { as: bigOwner })
    const first = await pageOf(0)
    expect(first.body.counts.upcoming).toBe(101)
    expect(first.body.events).toHaveLength(100)
    expect(first.body.events[0].name).toBe('Big 0')
    const second = await pageOf(1)
    expect(second.body).toMatchObject({ page: 1, events: [{ name: 'Big 100' }] })
    expect((await pageOf(2)).body.events).toEqual([])
  })

  it('answers a bad query with 400, an outsider with 403 and the signed out with 401', async () => {
    expect(await listOf(member, '&tab=soon')).toEqual({
      status: 400,
      body: { error: 'badTab', message: 'The tab must be upcoming, past or archived.' },
    })
    expect((await listOf(member, '&page=-1')).body.error).toBe('badPage')
    expect((await apiCall(list.loader, '/api/events', { as: member })).body.error).toBe('missingCommunity')
    expect((await listOf(outsider)).status).toBe(403)
    expect((await listOf(null)).status).toBe(401)
  })
})

describe('PUT /api/events/{id}', () => {
  it('saves the details as the editor’s details tab does: a field left out is emptied', async () => {
    const { body } = await create(owner, { ...NEW, brandId: brand.id, name: 'To rename', description: 'Old words' })
    const { id } = body.event
    const put = await edit(admin, id, { name: '  Renamed by API ', description: 'New words' })
    expect(put.status).toBe(200)
    // The link stays; the times and everything else are other tabs'.
    expect(put.body.event).toMatchObject({
      id,
      slug: 'to-rename',
      name: 'Renamed by API',
      description: 'New words',
      startsAt: body.event.startsAt,
      mayManage: true,
    })
    expect(await Room.findByPk(id)).toMatchObject({ name: 'Renamed by API', description: 'New words' })
    expect((await edit(admin, id, { name: 'Renamed again' })).body.event.description).toBeNull()
    expect((await Room.findByPk(id))!.description).toBeNull()
  })

  it('edits an archived event too, as the editor opens it', async () => {
    const room = await makeEventRoom(brand, { name: 'Archived one', status: 'archived' })
    const put = await edit(owner, room.id, { name: 'Archived, renamed' })
    expect(put.body.event).toMatchObject({ name: 'Archived, renamed', status: 'archived', joinUrl: null })
  })

  it('answers bad bodies with 400 and the page’s message, and changes nothing', async () => {
    const room = await makeEventRoom(brand, { name: 'Kept as is', description: 'Kept words' })
    const cases: [unknown, string, string][] = [
      [{ name: 'a' }, 'nameTooShort', 'Event name must be at least 2 characters.'],
      [{}, 'nameRequired', 'Event name is required.'],
      [{ name: 'x'.repeat(256) }, 'tooLong', 'This is too long.'],
      [{ name: 'Fine', description: 'x'.repeat(5001) }, 'tooLong', 'This is too long.'],
      [{ name: 'Fine', banner: 'a.png' }, 'bannerNotImage', 'Banner must be an image file.'],
      [{ name: ['Fine'] }, 'badRequest', 'That request could not be understood.'],
      [['Fine'], 'notAnObject', 'The body must be a JSON object.'],
    ]
    for (const [fields, error, message] of cases) {
      expect({ fields, ...(await edit(owner, room.id, fields)) }).toEqual({
        fields,
        status: 400,
        body: { error, message },
      })
    }
    expect(await Room.findByPk(room.id)).toMatchObject({ name: 'Kept as is', description: 'Kept words' })
  })

  it('refuses those without create-events (403), the signed out (401), and answers 404 for an unknown id', async () => {
    const room = await makeEventRoom(brand, { name: 'Not theirs', hostId: member.id })
    // Hosting an event is not managing events: the editor refuses its host too.
    expect((await edit(member, room.id, { name: 'Taken over' })).body).toEqual({
      error: 'noPermission',
      message: 'You do not have permission to create events in this community.',
    })
    expect((await edit(outsider, room.id, { name: 'Taken over' })).status).toBe(403)
    expect((await edit(null, room.id, { name: 'Taken over' })).status).toBe(401)
    expect((await Room.findByPk(room.id))!.name).toBe('Not theirs')
    for (const id of ['y'.repeat(36), 'nope'])
      expect((await edit(owner, id, { name: 'Ghost' })).body.error).toBe('eventNotFound')
    const deleted = await makeEventRoom(brand, { name: 'Deleted', deleted: true })
    expect((await edit(owner, deleted.id, { name: 'Back' })).status).toBe(404)
  })
})

describe('DELETE /api/events/{id}', () => {
  it('archives the event as the list’s Archive button does: 204, then on the archived tab only', async () => {
    const { body } = await create(owner, { ...NEW, brandId: brand.id, name: 'To archive' })
    const { id } = body.event
    const gone = await archive(admin, id)
    expect(gone).toEqual({ status: 204, body: null })
    expect((await Room.findByPk(id))!.status).toBe('archived')
    expect((await read(owner, id)).status).toBe(404)
    const onTab = async (tab: string) =>
      (await listOf(owner, `&tab=${tab}`)).body.events.map((row: { id: string }) => row.id)
    expect(await onTab('archived')).toContain(id)
    expect(await onTab('upcoming')).not.toContain(id)
    // Archived already: the page's answer.
    expect(await archive(admin, id)).toEqual({
      status: 404,
      body: { error: 'notFound', message: 'That event is not here any more.' },
    })
  })

  it('refuses those without create-events (403) and the signed out (401), and answers 404 for an unknown id', async () => {
    const room = await makeEventRoom(brand, { name: 'Stays' })
    expect((await archive(member, room.id)).body.error).toBe('noPermission')
    expect((await archive(outsider, room.id)).status).toBe(403)
    expect((await archive(null, room.id)).status).toBe(401)
    expect((await Room.findByPk(room.id))!.status).toBe('active')
    expect((await archive(owner, 'z'.repeat(36))).body.error).toBe('eventNotFound')
  })
})

it('leaves /api/events/confirmation its own route, and answers methods the routes do not take with 405', async () => {
  expect((await apiCall(confirmation.loader, '/api/events/confirmation', { as: member })).status).toBe(405)
  const room = await makeEventRoom(brand, { name: 'Methods' })
  for (const method of ['POST', 'PATCH']) {
    const answer = await apiCall(one.action, `/api/events/${room.id}`, {
      as: owner,
      method,
      params: { id: room.id },
      body: { name: 'x' },
    })
    expect(answer.status).toBe(405)
  }
  expect((await apiCall(list.action, '/api/events', { as: owner, method: 'PUT', body: {} })).status).toBe(405)
})
