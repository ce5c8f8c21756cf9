// Calls through the web app (docs/api.md#calls): the JSON API's start, cancel, answer, decline and
// miss (each returns the call and checks who may do it), GET /calls with its filters, the refusals
// for bad input; and the room setting that turns the waiting room on.
import { beforeAll, describe, expect, it } from 'vitest'
import { MeetingRoom, Room, RoomCall, type Brand, type User } from '#models/index'
import * as list from '#app/routes/api.calls._index'
import * as start from '#app/routes/api.calls.start'
import * as cancel from '#app/routes/api.calls.cancel'
import * as answer from '#app/routes/api.calls.answer'
import * as decline from '#app/routes/api.calls.decline'
import * as miss from '#app/routes/api.calls.miss'
import { action as groupAction } from '#app/routes/$brand._community.groups.$room/route'
import { grantRole, makeCommunity, makeRoom, makeUser } from '#tests/support/factories'
import { apiCall } from '#tests/support/api-call'
import { routeArgs, thrownResponse } from '#tests/support/route-args'
import { signedInCookie } from '#tests/support/session'

let brand: Brand
let host: User
let coHost: User
let caller: User
let bystander: User
let outsider: User
let room: Room
let openRoom: Room

beforeAll(async () => {
  ;({ brand, owner: host } = await makeCommunity())
  coHost = await makeUser({ name: 'Cora' })
  caller = await makeUser({ name: 'Carl' })
  bystander = await makeUser({ name: 'Bea' })
  for (const person of [coHost, caller, bystander]) await grantRole(person, brand)
  outsider = (await makeCommunity()).owner
  room = await makeRoom(brand, { name: 'Front Door', hostId: host.id, coHosts: [coHost.id], waitingRoom: true })
  openRoom = await makeRoom(brand, { name: 'Open Door', hostId: host.id })
})

const post = (route: { action: (args: never) => Promise<Response> }, path: string, as: User | null, body: unknown) =>
  apiCall(route.action as never, `/api/calls/${path}`, { as, body })
const ring = async (as: User = caller) => {
  const answer = await post(start, 'start', as, { roomId: room.id })
  expect(answer.status).toBe(200)
  return answer.body.call as { id: string; status: string }
}

describe('POST /api/calls/start', () => {
  it('rings the hosts of a room that holds the caller back, once while it rings', async () => {
    const call = await ring()
    expect(call).toMatchObject({
      roomId: room.id,
      callerId: caller.id,
      callerName: 'Carl',
      status: 'calling',
      message: null,
    })
    expect((await ring()).id).toBe(call.id)
    expect(await RoomCall.count({ where: { roomId: room.id, callerId: caller.id, status: 'calling' } })).toBe(1)
    await post(cancel, 'cancel', caller, { callId: call.id })
  })

  it('refuses its hosts, a room that lets everyone in, an unknown room, bad input and the signed out', async () => {
    expect(await post(start, 'start', host, { roomId: room.id })).toMatchObject({
      status: 409,
      body: { error: 'notWaiting' },
    })
    expect(await post(start, 'start', coHost, { roomId: room.id })).toMatchObject({
      status: 409,
      body: { error: 'notWaiting' },
    })
    expect(await post(start, 'start', caller, { roomId: openRoom.id })).toMatchObject({
      status: 409,
      body: { error: 'notWaiting' },
    })
    // A locked room without its waiting room has nobody to answer from outside; with it, the caller rings.
    const locked = await makeRoom(brand, { name: 'Bolted Door', hostId: host.id, locked: true })
    expect(await post(start, 'start', caller, { roomId: locked.id })).toMatchObject({
      status: 409,
      body: { error: 'roomLocked' },
    })
    await locked.update({ waitingRoom: true })
    const { call } = (await post(start, 'start', caller, { roomId: locked.id })).body as { call: { id: string } }
    await post(cancel, 'cancel', caller, { callId: call.id })
    expect(await post(start, 'start', caller, { roomId: 'x'.repeat(36) })).toMatchObject({
      status: 404,
      body: { error: 'roomNotFound' },
    })
    expect(await post(start, 'start', caller, { roomId: 'nope' })).toMatchObject({
      status: 400,
      body: { error: 'roomNotFound' },
    })
    expect(await post(start, 'start', caller, [])).toMatchObject({ status: 400, body: { error: 'notAnObject' } })
    expect((await post(start, 'start', null, { roomId: room.id })).status).toBe(401)
    // Another community's admin does not get into this community's room.
    expect((await post(start, 'start', outsider, { roomId: room.id })).status).toBe(403)
    expect((await apiCall(start.loader as never, '/api/calls/start', { as: caller })).status).toBe(405)
  })
})

describe('ending a call', () => {
  it('lets only the caller cancel, and only once', async () => {
    const call = await ring()
    expect(await post(cancel, 'cancel', bystander, { callId: call.id })).toMatchObject({ status: 403 })
    expect(await post(cancel, 'cancel', host, { callId: call.id })).toMatchObject({ status: 403 })
    expect(await post(cancel, 'cancel', caller, { callId: call.id })).toMatchObject({
      status: 200,
      body: { call: { id: call.id, status: 'cancelled' } },
    })
    expect(await post(cancel, 'cancel', caller, { callId: call.id })).toMatchObject({
      status: 409,
      body: { error: 'callEnded' },
    })
  })

  it('lets the host or a co-host answer, into the meeting running now', async () => {
    const meeting = await MeetingRoom.create({ roomId: room.id, startedAt: new Date() })
    const call = await ring()
    expect(await post(answer, 'answer', caller, { callId: call.id })).toMatchObject({ status: 403 })
    expect(await post(answer, 'answer', bystander, { callId: call.id })).toMatchObject({ status: 403 })
    expect(await post(answer, 'answer', coHost, { callId: call.id })).toMatchObject({
      status: 200,
      body: { call: { status: 'answered' } },
    })
    expect(await RoomCall.findByPk(call.id)).toMatchObject({ answeredBy: coHost.id, meetingRoomId: meeting.id })
    expect(await post(decline, 'decline', host, { callId: call.id })).toMatchObject({
      status: 409,
      body: { error: 'callEnded' },
    })
    await meeting.update({ endedAt: new Date() })
  })

  it('lets the host decline with a message, refusing one too long', async () => {
    const call = await ring()
    expect(await post(decline, 'decline', host, { callId: call.id, message: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { error: 'messageTooLong' },
    })
    expect(await post(decline, 'decline', bystander, { callId: call.id, message: 'No' })).toMatchObject({ status: 403 })
    expect(await post(decline, 'decline', host, { callId: call.id, message: '  Not today.  ' })).toMatchObject({
      status: 200,
      body: { call: { id: call.id, status: 'declined', message: 'Not today.' } },
    })
  })

  it('lets the caller or a host mark it missed, no one else', async () => {
    const call = await ring()
    expect(await post(miss, 'miss', bystander, { callId: call.id })).toMatchObject({ status: 403 })
    expect(await post(miss, 'miss', caller, { callId: call.id })).toMatchObject({
      status: 200,
      body: { call: { status: 'missed' } },
    })
    const again = await ring()
    expect(await post(miss, 'miss', host, { callId: again.id })).toMatchObject({
      status: 200,
      body: { call: { status: 'missed' } },
    })
  })

  it('refuses an unknown call, a bad id and the signed out', async () => {
    for (const [route, path] of [
      [cancel, 'cancel'],
      [answer, 'answer'],
      [decline, 'decline'],
      [miss, 'miss'],
    ] as const) {
      expect(await post(route, path, host, { callId: 'y'.repeat(36) })).toMatchObject({
        status: 404,
        body: { error: 'notFound' },
      })
      expect(await post(route, path, host, { callId: 42 })).toMatchObject({ status: 400, body: { error: 'notFound' } })
      expect((await post(route, path, null, { callId: 'y'.repeat(36) })).status).toBe(401)
    }
  })
})

describe('GET /api/calls', () => {
  it('lists my calls, made and received, filtered, searched and paged; refuses a bad filter', async () => {
    const { brand: own, owner: lister } = await makeCommunity()
    const mine = await makeRoom(own, { name: 'Lister Lounge', hostId: lister.id, waitingRoom: true })
    const elsewhere = await makeRoom(own, { name: 'Elsewhere', hostId: coHost.id, waitingRoom: true })
    const received = await RoomCall.create({
      brandId: own.id,
      roomId: mine.id,
      callerId: 'guest:zed',
      callerName: 'Zed',
      hostId: lister.id,
      status: 'missed',
    })
    const made = await RoomCall.create({
      brandId: own.id,
      roomId: elsewhere.id,
      callerId: lister.id,
      callerName: 'Lister',
      hostId: coHost.id,
    })
    await RoomCall.create({
      brandId: own.id,
      roomId: elsewhere.id,
      callerId: 'guest:other',
      callerName: 'Other',
      hostId: coHost.id,
    })
    const get = (query: string, as: User | null = lister) => apiCall(list.loader as never, `/api/calls${query}`, { as })

    const all = await get('')
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ total: 2, page: 0, pages: 1 })
    expect(all.body.rows.map((row: { id: string }) => row.id).sort()).toEqual([received.id, made.id].sort())
    expect((await get('?filter=made')).body.rows.map((row: { id: string }) => row.id)).toEqual([made.id])
    expect((await get('?filter=received')).body.rows.map((row: { id: string }) => row.id)).toEqual([received.id])
    expect(
      (await get('?filter=missed')).body.rows.map((row: { id: string; madeByMe: boolean }) => [row.id, row.madeByMe]),
    ).toEqual([[received.id, false]])
    expect((await get('?query=lounge')).body.rows.map((row: { id: string }) => row.id)).toEqual([received.id])
    expect((await get('?query=zed')).body.rows.map((row: { id: string }) => row.id)).toEqual([received.id])
    expect((await get('?query=%25')).body.rows).toEqual([])
    expect((await get('?page=1')).body.rows).toEqual([])
    expect(await get('?filter=everything')).toMatchObject({ status: 400, body: { error: 'badFilter' } })
    expect(await get('?page=-1')).toMatchObject({ status: 400, body: { error: 'badPage' } })
    expect((await get('', null)).status).toBe(401)
  })
})

describe('the waiting room setting', () => {
  it('is off by default and turned on in the group preferences (the edge reads it from the room at each join)', async () => {
    expect(openRoom.waitingRoom).toBe(false)
    const group = await makeRoom(brand, { name: 'Knockers', hostId: host.id, members: [host.id] })
    const path = `/${brand.slug}/groups/${group.slug}`
    const body = new URLSearchParams({ intent: 'preferences', allowMembershipRequests: 'on', waitingRoom: 'on' })
    const saved = await thrownResponse(
      groupAction(
        routeArgs(
          path,
          { brand: brand.slug, room: group.slug },
          { method: 'POST', body, headers: { Cookie: await signedInCookie(host.id) } },
        ),
      ),
    )
    expect(saved.status).toBe(302)
    expect((await Room.findByPk(group.id))!.waitingRoom).toBe(true)
  })
})
