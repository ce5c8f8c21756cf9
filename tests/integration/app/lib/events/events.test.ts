// Events (the events tabs and the editor tabs, events and slots, archive and restore, the events'
// rules, create-events; events/{room}, event-not-found, premium event access denied): every rule
// at its boundary, through the routes' real loaders and actions on the file's own database.
import { beforeAll, describe, expect, it } from 'vitest'
import { CommunityEvent, EventSlot, Room, type Brand, type User } from '#models/index'
import { newEventSchema } from '#app/lib/events/event.schema'
import { zonedTimeToDate } from '#app/lib/i18n/zoned-time'
import { action as listAction, loader as listLoader } from '#app/routes/$brand._community.events._index/route'
import { action as newAction, loader as newLoader } from '#app/routes/$brand._community.events.new/route'
import { loader as pageLoader } from '#app/routes/$brand._community.events.$room._index/route'
import { loader as meetingLoader } from '#app/routes/$brand.$room/route'
import { loader as accessDeniedLoader } from '#app/routes/$brand.access-denied'
import { action as detailsAction } from '#app/routes/$brand._community.events.$room.edit._index/route'
import {
  action as scheduleAction,
  loader as scheduleLoader,
} from '#app/routes/$brand._community.events.$room.edit.schedule/route'
import { action as accessAction } from '#app/routes/$brand._community.events.$room.edit.access/route'
import {
  action as compositionAction,
  loader as compositionLoader,
} from '#app/routes/$brand._community.events.$room.edit.composition/route'
import { grantRole, makeCommunity, makeEventRoom, makeRoom, makeUser } from '#tests/support/factories'
import { solidImage } from '#tests/support/images'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { initOf, signedInCookie, unwrap } from '#tests/support/session'

type Reply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } | null
  error?: string | null
}

let brand: Brand
let other: Brand
let owner: User
let member: User
let ownerCookie: string
let memberCookie: string
let outsiderCookie: string

beforeAll(async () => {
  ;({ brand, owner } = await makeCommunity())
  ;({ brand: other } = await makeCommunity())
  member = await makeUser()
  await grantRole(member, brand)
  const outsider = await makeUser()
  await grantRole(outsider, other, 'community-admin')
  ownerCookie = await signedInCookie(owner.id)
  memberCookie = await signedInCookie(member.id)
  outsiderCookie = await signedInCookie(outsider.id)
})

const MINUTE = 60_000
/** A start far enough ahead that "in the future" never decides a cutoff test. */
const START = { date: '2099-06-01', time: '12:00', timeZone: 'UTC' }

function body(fields: Record<string, string | string[]>, banner?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one)
  if (banner) form.append('banner', new File([Buffer.from(banner.bytes)], banner.name, { type: banner.type }))
  return form
}

const post = (
  path: string,
  params: Record<string, string>,
  fields: Record<string, string | string[]>,
  cookie = ownerCookie,
  banner?: { bytes: Uint8Array; name: string; type: string },
) =>
  routeArgs(
    path,
    { brand: brand.slug, ...params },
    { method: 'POST', body: body(fields, banner), headers: { Cookie: cookie } },
  )
const get = (path: string, params: Record<string, string>, cookie?: string, on: Brand = brand) =>
  routeArgs(path, { brand: on.slug, ...params }, { headers: cookie ? { Cookie: cookie } : {} })

/** Runs an action: what it answered (status and body), or the redirect it threw. */
async function run(
  work: Promise<unknown>,
): Promise<{ status: number; body?: Reply; location?: string; response?: Response }> {
  try {
    const result = await work
    return { status: initOf(result).status, body: unwrap(result) as unknown as Reply }
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    return { status: thrown.status, location: thrown.headers.get('Location') ?? undefined, response: thrown }
  }
}

const create = (
  fields: Record<string, string>,
  cookie = ownerCookie,
  banner?: { bytes: Uint8Array; name: string; type: string },
) =>
  run(newAction(post(`/${brand.slug}/events/new`, {}, { ...START, durationMinutes: '60', ...fields }, cookie, banner)))
const editTab = (
  tab: 'details' | 'schedule' | 'access' | 'composition',
  room: Room,
  fields: Record<string, string | string[]>,
  cookie = ownerCookie,
) => {
  const action = {
    details: detailsAction,
    schedule: scheduleAction,
    access: accessAction,
    composition: compositionAction,
  }[tab]
  const path = `/${brand.slug}/events/${room.slug}/edit${tab === 'details' ? '' : `/${tab}`}`
  return run(action(post(path, { room: room.slug }, fields, cookie)))
}
const eventNamed = (name: string) => Room.findOne({ where: { brandId: brand.id, name, context: 'event' } })

describe('creating an event', () => {
  it('needs a name of at least 2 characters: 1 is refused with the values kept, 2 is an event', async () => {
    const short = await create({ name: 'A', description: 'Kept as typed' })
    expect(short.status).toBe(400)
    expect(short.body?.result?.error?.name).toEqual(['events:errors.nameTooShort'])
    expect(short.body?.result?.initialValue).toMatchObject({
      name: 'A',
      description: 'Kept as typed',
      date: START.date,
    })
    const missing = await create({})
    expect(missing.body?.result?.error?.name).toEqual(['events:errors.nameRequired'])

    const done = await create({ name: 'AB', description: 'Two letters' })
    expect(done.location).toBe(`/${brand.slug}/events`)
    await expect(done.response!).toHaveFlash({
      kind: 'success',
      message: 'events:flash.created',
      values: { name: 'AB' },
    })
    const room = (await eventNamed('AB'))!
    expect(room).toMatchObject({ slug: 'ab', context: 'event', roomType: 'public', hostId: owner.id, timeZone: 'UTC' })
    expect(room.startsAt!.toISOString()).toBe('2099-06-01T12:00:00.000Z')
    expect(room.endsAt!.toISOString()).toBe('2099-06-01T13:00:00.000Z')
    expect(await CommunityEvent.findByPk(room.id)).toMatchObject({
      eventType: 'live',
      registrationCutoffAt: null,
      registrationLimit: null,
    })
  })

  it('stores the start in UTC with the zone it was given in, across a daylight-saving change', async () => {
    await create({ name: 'Spring call', date: '2099-03-08', time: '09:00', timeZone: 'America/New_York' })
    const room = (await eventNamed('Spring call'))!
    expect(room.timeZone).toBe('America/New_York')
    expect(room.startsAt!.toISOString()).toBe(zonedTimeToDate('2099-03-08T09:00', 'America/New_York')!.toISOString())
    expect(room.startsAt!.toISOString()).toBe('2099-03-08T13:00:00.000Z') // EDT, the day the clocks went forward
  })

  it('gives two events of one name their own links', async () => {
    await create({ name: 'Book night' })
    await create({ name: 'Book night' })
    const slugs = (await Room.findAll({ where: { brandId: brand.id, name: 'Book night' } }))
      .map((room) => room.slug)
      .sort()
    expect(slugs).toEqual(['book-night', 'book-night-2'])
  })

  it('refuses a start in the past, through the form and at the boundary', async () => {
    const past = await create({ name: 'Yesterday', date: '2020-01-01' })
    expect(past.status).toBe(400)
    expect(past.body?.result?.error?.date).toEqual(['events:errors.startInPast'])

    const now = new Date('2030-05-05T10:00:00Z')
    const at = (time: string) =>
      newEventSchema({ now }).safeParse({
        name: 'Edge',
        date: '2030-05-05',
        time,
        timeZone: 'UTC',
        durationMinutes: 60,
      })
    expect(at('10:00').success).toBe(false) // now is not the future
    expect(at('09:59').success).toBe(false)
    expect(at('10:01').success).toBe(true)
  })

  it('takes the registration cutoff from 3 days before the start to 1 hour after it, to the minute', async () => {
    const cutoff = async (date: string, time: string) =>
      (await create({ name: `Cutoff ${date} ${time}`, cutoffDate: date, cutoffTime: time })).body?.result?.error
        ?.cutoffDate ?? null
    // 3 days before 2099-06-01 12:00 is 2099-05-29 12:00.
    expect(await cutoff('2099-05-29', '11:59')).toEqual(['events:errors.cutoffOutOfRange'])
    expect(await cutoff('2099-05-29', '12:00')).toBeNull()
    expect(await cutoff('2099-05-29', '12:01')).toBeNull()
    // 1 hour after is 13:00.
    expect(await cutoff('2099-06-01', '12:59')).toBeNull()
    expect(await cutoff('2099-06-01', '13:00')).toBeNull()
    expect(await cutoff('2099-06-01', '13:01')).toEqual(['events:errors.cutoffOutOfRange'])
    const kept = (await eventNamed('Cutoff 2099-06-01 13:00'))!
    expect((await CommunityEvent.findByPk(kept.id))!.registrationCutoffAt!.getTime()).toBe(
      kept.startsAt!.getTime() + 60 * MINUTE,
    )
    // Half a cutoff is no cutoff.
    expect((await create({ name: 'Half', cutoffDate: '2099-06-01' })).body?.result?.error?.cutoffTime).toEqual([
      'events:errors.cutoffIncomplete',
    ])
  })

  it('takes a registration limit of 1 or more, or none', async () => {
    expect(
      (await create({ name: 'Limit zero', registrationLimit: '0' })).body?.result?.error?.registrationLimit,
    ).toEqual(['events:errors.registrationLimitInvalid'])
    await create({ name: 'Limit one', registrationLimit: '1' })
    expect((await CommunityEvent.findByPk((await eventNamed('Limit one'))!.id))!.registrationLimit).toBe(1)
  })

  it('checks the banner by its bytes, not its name (spec: "Banner must be an image file.")', async () => {
    const fake = await create({ name: 'Fake banner' }, ownerCookie, {
      bytes: new TextEncoder().encode('not a picture'),
      name: 'banner.png',
      type: 'image/png',
    })
    expect(fake.status).toBe(400)
    expect(fake.body?.result?.error?.banner).toEqual(['events:errors.bannerNotImage'])
    expect(await eventNamed('Fake banner')).toBeNull()
    await create({ name: 'Real banner' }, ownerCookie, {
      bytes: await solidImage('png', 600, 200),
      name: 'b.png',
      type: 'image/png',
    })
    expect((await eventNamed('Real banner'))!.bannerImage).toMatch(/^\/uploads\/banners\/[0-9a-f]{32}\.webp$/)
  })

  it('tells a member without create-events so, on the page and to a post, and makes nothing', async () => {
    const page = await newLoader(get(`/${brand.slug}/events/new`, {}, memberCookie))
    expect(initOf(page).status).toBe(403)
    expect(unwrap(page)).toMatchObject({ mayCreate: false })
    const posted = await create({ name: 'By a member' }, memberCookie)
    expect(posted.status).toBe(403)
    expect(posted.body?.error).toBe('events:errors.noPermission')
    expect(await eventNamed('By a member')).toBeNull()
  })
})

describe('the editor', () => {
  let room: Room
  beforeAll(async () => {
    await create({ name: 'Editor target' })
    room = (await eventNamed('Editor target'))!
  })

  it('saves the details with a flash, and refuses a 1-character name keeping the values', async () => {
    const bad = await editTab('details', room, { name: 'x', description: 'still here' })
    expect(bad.status).toBe(400)
    expect(bad.body?.result?.initialValue).toMatchObject({ name: 'x', description: 'still here' })
    const saved = await editTab('details', room, { name: 'Editor target', description: 'Now described' })
    expect(saved.location).toBe(`/${brand.slug}/events/${room.slug}/edit`)
    await expect(saved.response!).toHaveFlash({ message: 'common:flash.saved' })
    expect((await room.reload()).description).toBe('Now described')
  })

  it("shows the schedule in the event's zone and keeps a start that has passed when it is not changed", async () => {
    await editTab('schedule', room, {
      date: '2099-07-01',
      time: '18:30',
      timeZone: 'Europe/Lisbon',
      durationMinutes: '90',
    })
    await room.reload()
    expect(room.startsAt!.toISOString()).toBe('2099-07-01T17:30:00.000Z')
    const page = unwrap(
      await scheduleLoader(get(`/${brand.slug}/events/${room.slug}/edit/schedule`, { room: room.slug }, ownerCookie)),
    ) as { event: { schedule: Record<string, string> } }
    expect(page.event.schedule).toMatchObject({
      date: '2099-07-01',
      time: '18:30',
      timeZone: 'Europe/Lisbon',
      durationMinutes: '90',
    })

    const started = await makeEventRoom(brand, {
      name: 'Started',
      startsAt: new Date('2020-01-01T10:00:00Z'),
      endsAt: new Date('2020-01-01T11:00:00Z'),
      timeZone: 'UTC',
    })
    const unchanged = await editTab('schedule', started, {
      date: '2020-01-01',
      time: '10:00',
      timeZone: 'UTC',
      durationMinutes: '120',
    })
    expect(unchanged.status).toBe(302)
    const moved = await editTab('schedule', started, {
      date: '2020-01-01',
      time: '10:05',
      timeZone: 'UTC',
      durationMinutes: '120',
    })
    expect(moved.body?.result?.error?.date).toEqual(['events:errors.startInPast'])
  })

  it('saves access: privacy is the room type the room rule reads', async () => {
    expect((await editTab('access', room, { privacy: 'secret' })).body?.result?.error?.privacy).toEqual([
      'events:errors.privacyInvalid',
    ])
    expect((await editTab('access', room, { privacy: 'private', lateJoinerWindowMinutes: '-1' })).status).toBe(400)
    await editTab('access', room, { privacy: 'premium', publicPosting: 'on', lateJoinerWindowMinutes: '15' })
    await room.reload()
    expect(room.roomType).toBe('premium')
    expect(await CommunityEvent.findByPk(room.id)).toMatchObject({
      feedVisible: false,
      publicPosting: true,
      lateJoinerWindowMinutes: 15,
    })
    await editTab('access', room, { privacy: 'public', feedVisible: 'on', publicPosting: 'on' })
  })

  it('needs at least one slot with a time for a scripted event', async () => {
    const none = await editTab('composition', room, { eventType: 'scripted' })
    expect(none.status).toBe(400)
    expect(none.body?.result?.error?.slots).toEqual(['events:errors.slotsRequired'])
    const timeless = await editTab('composition', room, {
      eventType: 'scripted',
      'slots[0].name': 'Opening',
      'slots[0].minutes': '0',
      'slots[0].seconds': '0',
    })
    expect(timeless.body?.result?.error?.['slots[0].minutes']).toEqual(['events:errors.slotTimeRequired'])
    expect(timeless.body?.result?.initialValue).toMatchObject({
      slots: [{ name: 'Opening', minutes: '0', seconds: '0' }],
    })

    const one = await editTab('composition', room, {
      eventType: 'scripted',
      'slots[0].name': 'Opening',
      'slots[0].minutes': '0',
      'slots[0].seconds': '1',
      'slots[1].name': 'Talk',
      'slots[1].minutes': '20',
      breakoutSize: '4',
    })
    expect(one.status).toBe(302)
    const slots = await EventSlot.findAll({ where: { roomId: room.id }, order: [['position', 'ASC']] })
    expect(slots.map(({ name, minutes, seconds, position }) => ({ name, minutes, seconds, position }))).toEqual([
      { name: 'Opening', minutes: 0, seconds: 1, position: 0 },
      { name: 'Talk', minutes: 20, seconds: 0, position: 1 },
    ])
    // A live event needs none.
    expect((await editTab('composition', room, { eventType: 'live' })).status).toBe(302)
  })

  it('adds a slot without JavaScript: the list button brings the form back longer, saving nothing', async () => {
    const added = await editTab('composition', room, {
      eventType: 'scripted',
      __intent__: JSON.stringify({ type: 'insert', payload: { name: 'slots' } }),
    })
    expect(added.status).toBe(200)
    expect((added.body?.result?.initialValue as { slots?: unknown[] }).slots).toHaveLength(1)
  })

  it("requires the talking timer's messages when enforcement or encouragement is on", async () => {
    const timer = { eventType: 'live', timerMinutes: '2' }
    const enforced = await editTab('composition', room, { ...timer, timerEnforcement: 'on' })
    expect(enforced.body?.result?.error?.timerEnforcementMessage).toEqual(['events:errors.timerMessageRequired'])
    const encouraged = await editTab('composition', room, {
      ...timer,
      timerEncouragement: 'on',
      timerEnforcementMessage: 'only this one',
    })
    expect(encouraged.body?.result?.error?.timerEncouragementMessage).toEqual(['events:errors.timerMessageRequired'])
    expect(encouraged.body?.result?.error?.timerEnforcementMessage ?? null).toBeNull()
    const noLength = await editTab('composition', room, {
      eventType: 'live',
      timerEncouragement: 'on',
      timerEncouragementMessage: 'Your turn?',
    })
    expect(noLength.body?.result?.error?.timerMinutes).toEqual(['events:errors.timerTimeRequired'])
    const both = await editTab('composition', room, {
      ...timer,
      timerEnforcement: 'on',
      timerEnforcementMessage: 'Time is up',
      timerEncouragement: 'on',
      timerEncouragementMessage: 'Your turn?',
    })
    expect(both.status).toBe(302)
    expect(await CommunityEvent.findByPk(room.id)).toMatchObject({
      timerMinutes: 2,
      timerEnforcementMessage: 'Time is up',
      timerEncouragementMessage: 'Your turn?',
    })
    // Off, no message is needed.
    expect((await editTab('composition', room, { eventType: 'live' })).status).toBe(302)
  })

  it("refuses a member with the spec's message, and sends an unknown event to event-not-found", async () => {
    const refused = await editTab('details', room, { name: 'Taken over' }, memberCookie)
    expect(refused.status).toBe(403)
    expect(refused.body?.error).toBe('events:errors.noPermission')
    const page = await compositionLoader(
      get(`/${brand.slug}/events/${room.slug}/edit/composition`, { room: room.slug }, memberCookie),
    )
    expect(initOf(page).status).toBe(403)
    const unknown = await thrownResponse(
      compositionLoader(get(`/${brand.slug}/events/nope/edit/composition`, { room: 'nope' }, ownerCookie)),
    )
    expect(unknown).toRedirectTo(`/${brand.slug}/event-not-found`)
  })
})

describe('the events page, archive and restore', () => {
  const list = async (tab: string, cookie: string) =>
    unwrap(await listLoader(get(`/${brand.slug}/events?tab=${tab}`, {}, cookie))) as {
      listing: { tab: string; counts: Record<string, number>; rows: { id: string; name: string }[]; mayManage: boolean }
    }

  it('lists upcoming and past events, counted, and archives and restores with a flash', async () => {
    const soon = await makeEventRoom(brand, {
      name: 'Listed soon',
      startsAt: new Date(Date.now() + 3600_000),
      endsAt: new Date(Date.now() + 7200_000),
    })
    await makeEventRoom(brand, {
      name: 'Listed gone',
      startsAt: new Date(Date.now() - 7200_000),
      endsAt: new Date(Date.now() - 3600_000),
    })
    const upcoming = await list('upcoming', ownerCookie)
    expect(upcoming.listing.rows.map((row) => row.name)).toContain('Listed soon')
    expect(upcoming.listing.rows.map((row) => row.name)).not.toContain('Listed gone')
    expect((await list('past', ownerCookie)).listing.rows.map((row) => row.name)).toContain('Listed gone')
    const before = upcoming.listing.counts

    const archived = await run(listAction(post(`/${brand.slug}/events`, {}, { intent: 'archive', roomId: soon.id })))
    await expect(archived.response!).toHaveFlash({
      message: 'events:flash.archived',
      values: { name: 'Listed soon' },
    })
    const after = await list('archived', ownerCookie)
    expect(after.listing.rows.map((row) => row.name)).toEqual(['Listed soon'])
    expect(after.listing.counts).toMatchObject({ upcoming: before.upcoming! - 1, archived: before.archived! + 1 })
    // An archived event has no page, and no meeting.
    const gone = await thrownResponse(
      pageLoader(get(`/${brand.slug}/events/${soon.slug}`, { room: soon.slug }, ownerCookie)),
    )
    expect(gone).toRedirectTo(`/${brand.slug}/event-not-found`)

    const restored = await run(
      listAction(post(`/${brand.slug}/events?tab=archived`, {}, { intent: 'restore', roomId: soon.id })),
    )
    await expect(restored.response!).toHaveFlash({ message: 'events:flash.restored' })
    expect((await soon.reload()).status).toBe('active')
  })

  it('keeps the archived tab and the row actions to those who manage events', async () => {
    const asMember = await list('archived', memberCookie)
    expect(asMember.listing).toMatchObject({ tab: 'upcoming', mayManage: false })
    const room = await makeEventRoom(brand, { name: 'Not yours to archive' })
    const refused = await run(
      listAction(post(`/${brand.slug}/events`, {}, { intent: 'archive', roomId: room.id }, memberCookie)),
    )
    expect(refused.status).toBe(403)
    expect((await room.reload()).status).toBe('active')
  })

  it("refuses junk ids and another community's event", async () => {
    expect(
      (await run(listAction(post(`/${brand.slug}/events`, {}, { intent: 'archive', roomId: 'x\u0000' })))).status,
    ).toBe(400)
    const theirs = await makeEventRoom(other, { name: 'Theirs' })
    expect(
      (await run(listAction(post(`/${brand.slug}/events`, {}, { intent: 'archive', roomId: theirs.id })))).status,
    ).toBe(404)
    expect((await theirs.reload()).status).toBe('active')
  })

  it('hides a private event from members it does not list', async () => {
    await makeEventRoom(brand, { name: 'Private dinner', roomType: 'private' })
    expect((await list('upcoming', memberCookie)).listing.rows.map((row) => row.name)).not.toContain('Private dinner')
    expect((await list('upcoming', ownerCookie)).listing.rows.map((row) => row.name)).toContain('Private dinner')
  })
})

describe('the event page and its meeting agree on who gets in', () => {
  const page = (room: Room, cookie?: string, on: Brand = brand) =>
    pageLoader(get(`/${on.slug}/events/${room.slug}`, { room: room.slug }, cookie, on))
  const meeting = (room: Room, cookie?: string) =>
    meetingLoader(get(`/${brand.slug}/${room.slug}`, { room: room.slug }, cookie))
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work
      return null
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown
      const location = thrown.headers.get('Location') ?? ''
      return location.startsWith('/private')
        ? 'signIn'
        : location.includes('note=premium-event')
          ? 'premium'
          : location.includes('/access-denied')
            ? 'denied'
            : location
    }
  }

  it('shows a public event to members, with the slots of a scripted one and a Join link to the meeting', async () => {
    const room = await makeEventRoom(brand, {
      name: 'Open house',
      endsAt: new Date(Date.now() + 2 * 86_400_000),
      timeZone: 'America/Sao_Paulo',
    })
    await CommunityEvent.create({ roomId: room.id, eventType: 'scripted' })
    await EventSlot.create({ roomId: room.id, position: 0, name: 'Hello', minutes: 3, seconds: 30 })
    const data = unwrap(await page(room, memberCookie)) as {
      event: { name: string; timeZone: string; slots: { name: string }[] }
      joinUrl: string | null
    }
    expect(data.event).toMatchObject({ name: 'Open house', timeZone: 'America/Sao_Paulo', slots: [{ name: 'Hello' }] })
    expect(data.joinUrl).toBe(`/${brand.slug}/${room.slug}`)
    expect(await refusal(meeting(room, memberCookie))).toBeNull()
  })

  it('asks a guest to sign in, and refuses someone from another community, on both', async () => {
    const room = await makeEventRoom(brand, { name: 'Members night' })
    expect(await refusal(page(room))).toBe('signIn')
    expect(await refusal(meeting(room))).toBe('signIn')
    expect(await refusal(page(room, outsiderCookie))).toBe('denied')
    expect(await refusal(meeting(room, outsiderCookie))).toBe('denied')
  })

  it('refuses a premium event to a member who has not signed up with the premium-event page, and admits one who has', async () => {
    const room = await makeEventRoom(brand, { name: 'Premium talk', roomType: 'premium' })
    expect(await refusal(page(room, memberCookie))).toBe('premium')
    expect(await refusal(meeting(room, memberCookie))).toBe('premium')
    // The page it lands on names the event and offers its sign-up, from the event's page and from its meeting.
    // Each refusal made when it is awaited: a rejected promise waiting its turn is an unhandled rejection.
    for (const refused of [() => page(room, memberCookie), () => meeting(room, memberCookie)]) {
      const location = (await thrownResponse(refused())).headers.get('Location')!
      const denied = await accessDeniedLoader(get(location, {}, memberCookie))
      expect(initOf(denied).status).toBe(403)
      expect(unwrap(denied)).toMatchObject({
        event: { name: 'Premium talk', registerUrl: `/${brand.slug}/events/${room.slug}/register` },
        group: null,
      })
    }
    // Not for an event that is no premium one, nor without the note.
    const plain = await makeEventRoom(brand, { name: 'Plain talk' })
    for (const path of [
      `/${brand.slug}/access-denied?note=premium-event&redirectTo=%2F${brand.slug}%2F${plain.slug}`,
      `/${brand.slug}/access-denied?redirectTo=%2F${brand.slug}%2F${room.slug}`,
    ])
      expect(unwrap(await accessDeniedLoader(get(path, {}, memberCookie)))).toMatchObject({ event: null })
    await room.update({ members: [member.id] })
    expect(await refusal(page(room, memberCookie))).toBeNull()
    expect(await refusal(meeting(room, memberCookie))).toBeNull()
  })

  it('shows a manager an event its privacy keeps them out of, without the Join link', async () => {
    const room = await makeEventRoom(brand, { name: 'Premium managed', roomType: 'premium' })
    const data = unwrap(await page(room, ownerCookie)) as { joinUrl: string | null; refusedMeeting: boolean }
    expect(data).toMatchObject({ joinUrl: null, refusedMeeting: true })
  })

  it("sends an unknown event, a room that is no event, and another community's event to event-not-found", async () => {
    const theirs = await makeEventRoom(other, { name: 'Elsewhere' })
    const group = await makeRoom(brand, { name: 'A group', context: 'group' })
    for (const slug of ['no-such-event', theirs.slug, group.slug]) {
      const response = await thrownResponse(
        pageLoader(get(`/${brand.slug}/events/${slug}`, { room: slug }, ownerCookie)),
      )
      expect(response).toRedirectTo(`/${brand.slug}/event-not-found`)
    }
  })

  it('offers no Join link once the event is over', async () => {
    const room = await makeEventRoom(brand, {
      name: 'Done',
      startsAt: new Date(Date.now() - 7200_000),
      endsAt: new Date(Date.now() - 3600_000),
    })
    expect(unwrap(await page(room, memberCookie))).toMatchObject({ joinUrl: null, event: { ended: true } })
  })
})
