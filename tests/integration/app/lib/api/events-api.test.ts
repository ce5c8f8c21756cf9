// The JSON API's event member calls (POST /registration/importUser with brandId, room, fullName,
// emailAddress, phoneNumber, status, coHost, eventSeries; GET /event-participants/{id}, or with the
// query event and user; docs/api.md#events-and-registration, docs/decisions/0008-json-api.md): the
// import's rules through the API, refusals as { error, message }, participants with their activities.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  CommunityEvent,
  EventRegistration,
  MeetingPeer,
  MeetingRoom,
  Membership,
  User,
  type Brand,
  type Room,
} from '#models/index'
import { action as importUser, loader as importUserRead } from '#app/routes/api.registration.importUser'
import { loader as participantById } from '#app/routes/api.event-participants.$id'
import { loader as participantByQuery } from '#app/routes/api.event-participants._index'
import { apiCall } from '#tests/support/api-call'
import { grantRole, makeCommunity, makeEventRoom, makeUser } from '#tests/support/factories'

let brand: Brand
let admin: User
let member: User
let event: Room

beforeAll(async () => {
  ;({ brand } = await makeCommunity())
  admin = await makeUser()
  await grantRole(admin, brand, 'community-admin')
  member = await makeUser({ name: 'Mem Ber' })
  await grantRole(member, brand)
  event = await makeEventRoom(brand, { name: 'API event' })
  await CommunityEvent.create({ roomId: event.id })
})

const importAs = (as: User | null, body: unknown) => apiCall(importUser, '/api/registration/importUser', { as, body })

describe('POST /api/registration/importUser', () => {
  it('registers one person by the event’s link or id, makes the account and the membership, and answers 201 then 200', async () => {
    const made = await importAs(admin, {
      brandId: brand.id,
      room: event.slug,
      fullName: 'Api Person',
      emailAddress: 'Api.Person@example.com',
      status: 'pending',
      coHost: true,
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      outcome: 'imported',
      registration: { roomId: event.id, status: 'pending', coHost: true, source: 'import' },
    })
    const person = (await User.findOne({ where: { emailAddress: 'api.person@example.com' } }))!
    expect(made.body.registration.userId).toBe(person.id)
    expect(await Membership.findOne({ where: { brandId: brand.id, userId: person.id } })).toMatchObject({
      status: 'active',
    })
    const again = await importAs(admin, {
      brandId: brand.id,
      room: event.id,
      fullName: 'Api Person',
      emailAddress: 'api.person@example.com',
      status: 'approved',
      coHost: 'no',
    })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({
      outcome: 'updated',
      registration: { id: made.body.registration.id, status: 'approved', coHost: false },
    })
  })

  it('answers a refused row with 400 and the reason, in the requester’s words', async () => {
    const name = await importAs(admin, {
      brandId: brand.id,
      room: event.slug,
      fullName: 'Prince',
      emailAddress: 'prince@example.com',
    })
    expect(name.status).toBe(400)
    expect(name.body).toEqual({ error: 'nameFull', message: expect.any(String) })
    const status = await importAs(admin, {
      brandId: brand.id,
      room: event.slug,
      fullName: 'Bad Status',
      emailAddress: 'bs@example.com',
      status: 'maybe',
    })
    expect(status.body.error).toBe('status')
    const host = await importAs(admin, {
      brandId: brand.id,
      room: event.slug,
      fullName: 'Bad Host',
      emailAddress: 'bh@example.com',
      coHost: 'perhaps',
    })
    expect(host.body.error).toBe('coHost')
    const series = await importAs(admin, {
      brandId: brand.id,
      room: event.slug,
      fullName: 'Series Person',
      emailAddress: 'sp@example.com',
      eventSeries: 'Autumn',
    })
    expect(series.body).toEqual({ error: 'unknownSeries', message: 'Unknown event series: Autumn.' })
    expect(
      await User.count({
        where: { emailAddress: ['prince@example.com', 'bs@example.com', 'bh@example.com', 'sp@example.com'] },
      }),
    ).toBe(0)
  })

  it('answers 400 to a body that is not the call’s, 404 to an unknown event or community, 415 to a form', async () => {
    expect((await importAs(admin, { brandId: brand.id })).body.error).toBe('missingEvent')
    expect((await importAs(admin, { brandId: brand.id, room: event.slug, coHost: 12 })).status).toBe(400)
    expect((await importAs(admin, [1, 2])).status).toBe(400)
    expect(
      (
        await importAs(admin, {
          brandId: brand.id,
          room: 'no-such-event',
          fullName: 'Ada Lovelace',
          emailAddress: 'a@b.co',
        })
      ).body.error,
    ).toBe('eventNotFound')
    expect((await importAs(admin, { brandId: 'x'.repeat(36), room: event.slug })).status).toBe(404)
    const form = await apiCall(importUser, '/api/registration/importUser', {
      as: admin,
      body: 'room=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
    expect((await apiCall(importUserRead, '/api/registration/importUser', { as: admin })).status).toBe(405)
  })

  it('refuses a member (403) and the signed out (401)', async () => {
    const body = { brandId: brand.id, room: event.slug, fullName: 'Not Made', emailAddress: 'notmade@example.com' }
    expect((await importAs(member, body)).status).toBe(403)
    expect((await importAs(null, body)).status).toBe(401)
    expect(await User.count({ where: { emailAddress: 'notmade@example.com' } })).toBe(0)
  })
})

describe('GET /api/event-participants', () => {
  let peerId: string
  beforeAll(async () => {
    const at = (minutes: number) => new Date(Date.UTC(2099, 0, 1, 9, minutes))
    const main = await MeetingRoom.create({ roomId: event.id, type: 'main', startedAt: at(0) })
    const breakout = await MeetingRoom.create({
      roomId: event.id,
      type: 'breakout',
      parentId: main.id,
      name: 'Table 3',
      startedAt: at(5),
    })
    peerId = (await MeetingPeer.create({ meetingRoomId: main.id, userId: member.id, joinedAt: at(1), leftAt: at(5) }))
      .id
    await MeetingPeer.create({ meetingRoomId: breakout.id, userId: member.id, joinedAt: at(5), leftAt: at(25) })
    await EventRegistration.create({ roomId: event.id, userId: member.id })
  })

  const expected = () => ({
    id: peerId,
    eventId: event.id,
    user: { id: member.id, name: 'Mem Ber', emailAddress: member.emailAddress },
    joinedDateTime: '2099-01-01T09:01:00.000Z',
    leftDateTime: '2099-01-01T09:25:00.000Z',
    activities: [{ action: 'Breakout Room Assignment', roomName: 'Table 3', dateTime: '2099-01-01T09:05:00.000Z' }],
  })

  it('answers the participant by id and by event and user, to a manager and to the person themself', async () => {
    const byId = await apiCall(participantById, `/api/event-participants/${peerId}`, {
      as: admin,
      params: { id: peerId },
    })
    expect(byId).toEqual({ status: 200, body: expected() })
    const byQuery = await apiCall(participantByQuery, `/api/event-participants?event=${event.id}&user=${member.id}`, {
      as: member,
    })
    expect(byQuery).toEqual({ status: 200, body: expected() })
  })

  it('refuses someone else (403), the signed out (401), and answers 404 and 400 to what it cannot find or read', async () => {
    const other = await makeUser()
    await grantRole(other, brand)
    expect(
      (await apiCall(participantById, `/api/event-participants/${peerId}`, { as: other, params: { id: peerId } }))
        .status,
    ).toBe(403)
    expect(
      (await apiCall(participantById, `/api/event-participants/${peerId}`, { as: null, params: { id: peerId } }))
        .status,
    ).toBe(401)
    expect(
      (await apiCall(participantById, '/api/event-participants/x', { as: admin, params: { id: 'x' } })).body.error,
    ).toBe('participantNotFound')
    expect(
      (await apiCall(participantByQuery, `/api/event-participants?event=${event.id}&user=${other.id}`, { as: admin }))
        .body.error,
    ).toBe('participantNotFound')
    expect(
      (
        await apiCall(participantByQuery, `/api/event-participants?event=${'y'.repeat(36)}&user=${member.id}`, {
          as: admin,
        })
      ).body.error,
    ).toBe('eventNotFound')
    expect((await apiCall(participantByQuery, `/api/event-participants?user=${member.id}`, { as: admin })).status).toBe(
      400,
    )
  })
})
