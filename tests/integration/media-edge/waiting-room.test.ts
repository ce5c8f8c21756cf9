// The door of a room's meeting. A room with its waiting room on holds newcomers back; they call the
// hosts, who answer, decline (with a message) or let it ring until it is missed; the caller may
// hang up. Admission is the edge's (stored with the answer), so no fresh pass, reload, reconnect or
// peer data gets anyone past it, while someone let in comes back in after a reload.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CALL_RING_MS, type Call } from '#edge/contract/calls'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { Clock } from '#edge/clock'
import type { RunningEdge } from '#edge/server'
import { Room, RoomCall } from '#models/index'
import { closeSockets, connect, createRoom, joinMeeting, next, ok, request, startTestEdge, tokenFor } from './harness'

/** Timers the test fires by hand: the missed call without waiting a minute. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>()
  let count = 0
  const timers: Clock = {
    now: () => Date.now(),
    setTimeout: (run, ms) => {
      pending.set(++count, { run, ms })
      return count
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  }
  return {
    timers,
    pending,
    fireAll() {
      for (const [key, { run }] of [...pending]) {
        pending.delete(key)
        run()
      }
    },
  }
}

const clock = manualTimers()
let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge({}, { clock: clock.timers })
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

/** A room with its waiting room on: newcomers call a host. */
const KNOCK = { waitingRoom: true }

/** A newcomer's socket in a knock room, refused at the door. */
async function newcomer(roomId: string, claims: Parameters<typeof tokenFor>[1] = {}) {
  const token = await tokenFor(roomId, claims)
  const socket = await connect(edge, token)
  expect(await request(socket, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
    ok: false,
    error: EDGE_ERRORS.waitingRoom,
  })
  return { socket, token }
}

const calling = (status: Call['status']) => (call: Call) => call.status === status

describe('calling the host', () => {
  it('puts newcomers of a room with its waiting room on there, never its hosts and co-hosts', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    await newcomer(roomId)
    await joinMeeting(edge, roomId, { isHost: true })
    await joinMeeting(edge, roomId, { isCoHost: true })
    // No waiting in a room without it.
    const { id: openRoomId } = await createRoom()
    await joinMeeting(edge, openRoomId)
    expect(edge.edge.meetings.get(roomId)!.peers.size).toBe(2)
  })

  it('rings the hosts and co-hosts, not the others; the answer lets the caller in', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    // In before the waiting room was turned on.
    await Room.update({ waitingRoom: false }, { where: { id: roomId } })
    const admitted = await joinMeeting(edge, roomId, { userId: 'member:plain' })
    await Room.update({ waitingRoom: true }, { where: { id: roomId } })
    const plainHeard: Call[] = []
    admitted.socket.on('call:updated', (call) => plainHeard.push(call))
    const guest = await newcomer(roomId, { userId: 'guest:browser-1' })

    const ringsHost = next(host.socket, 'call:updated', calling('calling'))
    const ringsCoHost = next(coHost.socket, 'call:updated', calling('calling'))
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId, name: '  Ana  ' })
    expect(call).toMatchObject({
      roomId,
      callerId: 'guest:browser-1',
      callerName: 'Ana',
      status: 'calling',
      message: null,
    })
    expect((await ringsHost).id).toBe(call.id)
    expect((await ringsCoHost).id).toBe(call.id)
    // Calling again rings once: the same call.
    expect((await ok<Call>(guest.socket, 'call:setCalling', { roomId })).id).toBe(call.id)

    // A late host sees who is waiting; a plain participant (back in a second tab) never does.
    const lateCoHost = await joinMeeting(edge, roomId, { isCoHost: true })
    expect(lateCoHost.joined.calls.map((waiting) => waiting.id)).toEqual([call.id])
    expect((await joinMeeting(edge, roomId, { userId: 'member:plain' })).joined.calls).toEqual([])

    const answered = next(guest.socket, 'call:updated', calling('answered'))
    expect(await ok<Call>(coHost.socket, 'call:answer', { callId: call.id })).toMatchObject({
      id: call.id,
      status: 'answered',
    })
    expect((await answered).endedAt).not.toBeNull()
    const row = await RoomCall.findByPk(call.id)
    expect(row).toMatchObject({ status: 'answered', meetingRoomId: host.joined.meetingRoomId })

    // Answered: the same socket joins now.
    const joined = await ok<{ peerId: string }>(guest.socket, 'meetingRoom:join', { roomId, peerData: {} })
    expect(edge.edge.meetings.get(roomId)!.peers.has(joined.peerId)).toBe(true)
    expect(plainHeard).toEqual([])
  })

  it('declines with a message the caller reads, and the caller still waits', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId)
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })

    const declined = next(guest.socket, 'call:updated', calling('declined'))
    await ok(host.socket, 'call:decline', { callId: call.id, message: '  We are full today, sorry.  ' })
    expect(await declined).toMatchObject({ id: call.id, status: 'declined', message: 'We are full today, sorry.' })
    expect(await request(guest.socket, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.waitingRoom,
    })
    // A decline without a message is fine too; an ended call cannot be answered after all.
    expect(await request(host.socket, 'call:answer', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.callEnded,
    })
    const again = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    expect(again.id).not.toBe(call.id)
    expect(await ok<Call>(host.socket, 'call:decline', { callId: again.id })).toMatchObject({
      status: 'declined',
      message: null,
    })
  })

  it('lets the caller cancel their own call only, and tells the hosts', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId)
    const other = await newcomer(roomId)
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })

    expect(await request(other.socket, 'call:clearCalling', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
    const heard = next(host.socket, 'call:updated', calling('cancelled'))
    expect(await ok<Call>(guest.socket, 'call:clearCalling', { callId: call.id })).toMatchObject({
      status: 'cancelled',
    })
    expect((await heard).id).toBe(call.id)
    expect(await request(guest.socket, 'call:clearCalling', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.callEnded,
    })
    expect(await request(host.socket, 'call:answer', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.callEnded,
    })
  })

  it('ends a ringing call as cancelled when the caller goes away', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId)
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    const heard = next(host.socket, 'call:updated', calling('cancelled'))
    guest.socket.disconnect()
    expect((await heard).id).toBe(call.id)
  })

  it('misses a call nobody answers within the ringing time', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const guest = await newcomer(roomId)
    clock.fireAll()
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    expect([...clock.pending.values()].map((timer) => timer.ms)).toEqual([CALL_RING_MS])
    // Nobody was in the meeting: the host, arriving, sees the call ringing.
    const host = await joinMeeting(edge, roomId, { isHost: true })
    expect(host.joined.calls.map((waiting) => waiting.id)).toEqual([call.id])

    const missed = next(guest.socket, 'call:updated', calling('missed'))
    const hostHeard = next(host.socket, 'call:updated', calling('missed'))
    clock.fireAll()
    expect((await missed).id).toBe(call.id)
    expect((await hostHeard).id).toBe(call.id)
    expect(await request(host.socket, 'call:answer', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.callEnded,
    })
  })

  it('stops the ringing timer when a call is answered first', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId)
    clock.fireAll()
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    await ok(host.socket, 'call:answer', { callId: call.id })
    expect(clock.pending.size).toBe(0)
    expect((await RoomCall.findByPk(call.id))!.status).toBe('answered')
  })
})

describe('who may do what', () => {
  it('refuses answer and decline to anyone but the meeting’s hosts and co-hosts, whatever their peer data', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    await joinMeeting(edge, roomId, { isHost: true })
    // In before the waiting room was turned on.
    await Room.update({ waitingRoom: false }, { where: { id: roomId } })
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true })
    await Room.update({ waitingRoom: true }, { where: { id: roomId } })
    const guest = await newcomer(roomId)
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })

    expect(await request(plain.socket, 'call:answer', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(await request(plain.socket, 'call:decline', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    // The caller is not in the meeting, so cannot answer their own call.
    expect(await request(guest.socket, 'call:answer', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notJoined,
    })
    expect((await RoomCall.findByPk(call.id))!.status).toBe('calling')
  })

  it('refuses a host of another room, a call to another room, and calls from someone who need not wait', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const { id: otherRoomId } = await createRoom()
    const otherHost = await joinMeeting(edge, otherRoomId, { isHost: true })
    const guest = await newcomer(roomId)
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    expect(await request(otherHost.socket, 'call:answer', { callId: call.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
    expect(await request(guest.socket, 'call:setCalling', { roomId: otherRoomId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.wrongRoom,
    })

    const host = await joinMeeting(edge, roomId, { isHost: true })
    expect(await request(host.socket, 'call:setCalling', { roomId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notWaiting,
    })
    await Room.update({ waitingRoom: false }, { where: { id: roomId } })
    const open = await connect(edge, await tokenFor(roomId))
    expect(await request(open, 'call:setCalling', { roomId })).toEqual({ ok: false, error: EDGE_ERRORS.notWaiting })
  })

  it('refuses bad payloads', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId)
    const invalid = { ok: false, error: EDGE_ERRORS.invalidRequest }
    expect(await request(guest.socket, 'call:setCalling', {})).toEqual(invalid)
    expect(await request(guest.socket, 'call:setCalling', { roomId, name: 'x'.repeat(101) })).toEqual(invalid)
    expect(await request(guest.socket, 'call:clearCalling', { callId: 42 })).toEqual(invalid)
    expect(await request(host.socket, 'call:answer', {})).toEqual(invalid)
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    expect(await request(host.socket, 'call:decline', { callId: call.id, message: 'x'.repeat(501) })).toEqual(invalid)
    expect(await request(host.socket, 'call:answer', { callId: 'no-such-call' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
    expect((await RoomCall.findByPk(call.id))!.status).toBe('calling')
  })
})

describe('the waiting room cannot be bypassed', () => {
  it('not by a fresh pass, a reconnect, or peer data claiming host powers', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    await joinMeeting(edge, roomId, { isHost: true })
    const claims = { userId: 'guest:sneaky' }
    const first = await newcomer(roomId, claims)
    first.socket.disconnect()
    // A fresh pass (a reload asks the web app for one) and a new connection: still waiting.
    const fresh = await connect(edge, await tokenFor(roomId, claims))
    expect(await request(fresh, 'meetingRoom:join', { roomId, peerData: { isHost: true, isCoHost: true } })).toEqual({
      ok: false,
      error: EDGE_ERRORS.waitingRoom,
    })
    // Reconnecting with the first pass again.
    const again = await connect(edge, first.token)
    expect(await request(again, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.waitingRoom,
    })
    // A declined or cancelled call lets nobody in.
    const call = await ok<Call>(again, 'call:setCalling', { roomId })
    await ok(again, 'call:clearCalling', { callId: call.id })
    expect(await request(again, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.waitingRoom,
    })
    expect(edge.edge.meetings.get(roomId)!.peers.size).toBe(1)
  })

  it('lets someone a host let in back in after a reload (a fresh pass), and only that person', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId, { userId: 'guest:let-in' })
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    await ok(host.socket, 'call:answer', { callId: call.id })
    guest.socket.disconnect()

    const reloaded = await joinMeeting(edge, roomId, { userId: 'guest:let-in' })
    expect(reloaded.joined.meetingRoomId).toBe(host.joined.meetingRoomId)
    // Someone else with a pass of their own still waits.
    await newcomer(roomId, { userId: 'guest:someone-else' })
  })

  it('does not carry an admission into the room’s next meeting', async () => {
    const { id: roomId } = await createRoom('Book club', KNOCK)
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await newcomer(roomId, { userId: 'guest:yesterday' })
    const call = await ok<Call>(guest.socket, 'call:setCalling', { roomId })
    await ok(host.socket, 'call:answer', { callId: call.id })
    await ok(guest.socket, 'meetingRoom:join', { roomId, peerData: {} })
    // Everyone leaves: the meeting ends. The next one starts with the door closed.
    await ok(guest.socket, 'leave')
    await ok(host.socket, 'leave')
    expect(edge.edge.meetings.has(roomId)).toBe(false)
    await joinMeeting(edge, roomId, { isHost: true })
    await newcomer(roomId, { userId: 'guest:yesterday' })
  })
})

describe('rate limits', () => {
  it('refuses a caller ringing over and over', async () => {
    const limited = await startTestEdge(
      {},
      { clock: manualTimers().timers, eventRates: { 'call:setCalling': { burst: 2, perSecond: 0.001 } } },
    )
    try {
      const { id: roomId } = await createRoom('Book club', KNOCK)
      const socket = await connect(limited, await tokenFor(roomId, {}))
      await ok(socket, 'call:setCalling', { roomId })
      await ok(socket, 'call:setCalling', { roomId })
      expect(await request(socket, 'call:setCalling', { roomId })).toEqual({
        ok: false,
        error: EDGE_ERRORS.rateLimited,
      })
      expect(await RoomCall.count({ where: { roomId } })).toBe(1)
    } finally {
      await limited.close()
    }
  })
})

describe('a locked room', () => {
  const join = (socket: Awaited<ReturnType<typeof connect>>, roomId: string) =>
    request(socket, 'meetingRoom:join', { roomId, peerData: {} })

  it('without its waiting room admits only its hosts and co-hosts, and takes no calls', async () => {
    const { id: roomId } = await createRoom('Book club', { locked: true })
    const stranger = await connect(edge, await tokenFor(roomId))
    expect(await join(stranger, roomId)).toEqual({ ok: false, error: EDGE_ERRORS.roomLocked })
    expect(await request(stranger, 'call:setCalling', { roomId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.roomLocked,
    })
    await joinMeeting(edge, roomId, { isHost: true })
    await joinMeeting(edge, roomId, { isCoHost: true })
    // Nor does an open meeting let them in.
    expect(await join(stranger, roomId)).toEqual({ ok: false, error: EDGE_ERRORS.roomLocked })
    expect(edge.edge.meetings.get(roomId)!.peers.size).toBe(2)
  })

  it('with its waiting room says it is locked and lets newcomers call a host, who lets them in', async () => {
    const { id: roomId } = await createRoom('Book club', { locked: true, waitingRoom: true })
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await connect(edge, await tokenFor(roomId, { userId: 'guest:knocking' }))
    expect(await join(guest, roomId)).toEqual({ ok: false, error: EDGE_ERRORS.lockedWaitingRoom })
    const call = await ok<Call>(guest, 'call:setCalling', { roomId })
    await ok(host.socket, 'call:answer', { callId: call.id })
    await ok(guest, 'meetingRoom:join', { roomId, peerData: {} })
  })

  it('is locked and opened by a host or co-host in the meeting, at once for the next newcomer, not for those in it', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const inside = await joinMeeting(edge, roomId, { userId: 'guest:inside' })
    // The room's channel, which the meeting client joins beside the meeting (its pages' updates).
    await ok(inside.socket, 'room:join', { roomId })
    const pass = await tokenFor(roomId, { userId: 'guest:later' })

    const told = next(inside.socket, 'room.updated')
    expect(await ok(host.socket, 'room:setLocked', { locked: true })).toEqual({ locked: true })
    expect(await told).toEqual({ roomId })
    expect(await Room.findByPk(roomId)).toMatchObject({ locked: true })

    // A pass signed before the lock does not get past it; someone who was in comes back after a reload.
    expect(await join(await connect(edge, pass), roomId)).toEqual({ ok: false, error: EDGE_ERRORS.roomLocked })
    inside.socket.disconnect()
    await joinMeeting(edge, roomId, { userId: 'guest:inside' })

    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    await ok(coHost.socket, 'room:setLocked', { locked: false })
    await ok(await connect(edge, pass), 'meetingRoom:join', { roomId, peerData: {} })
    expect(await Room.findByPk(roomId)).toMatchObject({ locked: false })
  })

  it('cannot be locked or opened by anyone else, whatever their peer data, nor with a bad payload', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true })
    expect(await request(plain.socket, 'room:setLocked', { locked: true })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    const waiting = await connect(edge, await tokenFor(roomId))
    expect(await request(waiting, 'room:setLocked', { locked: true })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notJoined,
    })
    for (const payload of [{}, { locked: 'yes' }, { locked: 1 }])
      expect(await request(host.socket, 'room:setLocked', payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    expect(await Room.findByPk(roomId)).toMatchObject({ locked: false })
  })
})
