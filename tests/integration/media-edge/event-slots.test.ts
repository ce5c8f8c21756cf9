// The event slot engine and the talk timer on a real edge: only the host and
// co-hosts drive the event, whatever a peer says about itself; bad payloads are refused; everyone
// hears each change and a late joiner gets the slot and the time left; the late-joiner window; the
// talk timer's enforcement mutes through the edge's own mute path.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CommunityEvent, EventSlot, MeetingRoom } from '#models/index'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { EventState, TalkTimerState } from '#edge/contract/event-slots'
import type { RunningEdge } from '#edge/server'
import {
  MIC_RTP,
  closeSockets,
  collect,
  connect,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  setUpMedia,
  startTestEdge,
  tokenFor,
} from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

const TWO_SLOTS = [
  { position: 1, name: 'Talk', minutes: 2, seconds: 0 },
  { position: 0, name: 'Welcome', minutes: 1, seconds: 30 },
]

/** An event room with its slots (by default 1:30 and 2:00, stored out of order) and the given event settings. */
async function createEvent(settings: Partial<CommunityEvent> = {}, startsAt: Date | null = null, slots = TWO_SLOTS) {
  const room = await createRoom('Workshop')
  await room.update({ context: 'event', startsAt })
  await CommunityEvent.create({ roomId: room.id, eventType: 'scripted', ...settings })
  await EventSlot.bulkCreate(slots.map((slot) => ({ roomId: room.id, ...slot })))
  return room.id
}

/** A time the edge computed a moment after the test's reference point. */
const near = (ms: number) => expect.toSatisfy((value: number) => value <= ms && value > ms - 1000)

const HOST_EVENTS = [
  ['room:event:start', {}],
  ['room:event:changeSlot', { slotIndex: 1 }],
  ['room:event:seekSlot', { positionMs: 1000 }],
  ['room:event:play', undefined],
  ['room:event:pause', undefined],
  ['room:event:end', { force: true }],
  ['room:event:reset', undefined],
] as const

describe('the event slot engine on the edge', () => {
  it('refuses every event control to a plain peer, whatever its peer data says, and before joining', async () => {
    const roomId = await createEvent()
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true })
    for (const [event, payload] of HOST_EVENTS) {
      expect(await request(plain.socket, event, payload), event).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    }
    expect(edge.edge.meetings.get(roomId)!.event).toBeNull()
    // Anyone may ask for the slot index: none yet.
    expect(await ok(plain.socket, 'room:getEventSlotIndex')).toEqual({ slotIndex: null, remainingMs: null })

    const outsider = await joinMeeting(edge, roomId)
    await ok(outsider.socket, 'leave')
    expect(await request(outsider.socket, 'room:event:start', {})).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
  })

  it('refuses bad payloads, missing slots, controls before the start, and a room that is no event', async () => {
    const roomId = await createEvent()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    for (const [event, payload] of [
      ['room:event:start', { rehearsal: 'yes' }],
      ['room:event:changeSlot', { slotIndex: -1 }],
      ['room:event:changeSlot', { slotIndex: 1.5 }],
      ['room:event:changeSlot', {}],
      ['room:event:seekSlot', { positionMs: 'soon' }],
      ['room:event:end', { force: 1 }],
    ] as const) {
      expect(await request(host.socket, event, payload), `${event} ${JSON.stringify(payload)}`).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    expect(await request(host.socket, 'room:event:pause')).toEqual({ ok: false, error: EDGE_ERRORS.eventNotStarted })
    expect(await request(host.socket, 'room:event:changeSlot', { slotIndex: 2 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.eventNoSuchSlot,
    })

    const { id: plainRoomId } = await createRoom()
    const plainHost = await joinMeeting(edge, plainRoomId, { isHost: true })
    expect(await request(plainHost.socket, 'room:event:start', {})).toEqual({
      ok: false,
      error: EDGE_ERRORS.eventNoSlots,
    })
  })

  it('lets the host and a co-host run it: everyone hears each change, a late joiner gets the slot and the time left', async () => {
    const roomId = await createEvent({}, new Date(Date.now() + 3_600_000))
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    const guest = await joinMeeting(edge, roomId)

    const heard = next(guest.socket, 'event.updated', (state) => state.started)
    const started = await ok<EventState>(host.socket, 'room:event:start', {})
    expect(started).toMatchObject({
      started: true,
      paused: false,
      rehearsal: false,
      slotIndex: 0,
      remainingMs: near(90_000),
      countdown: null,
    })
    expect(started.slots).toEqual([
      { name: 'Welcome', durationMs: 90_000 },
      { name: 'Talk', durationMs: 120_000 },
    ])
    // The scheduled start is an hour away: the host's client warns that people may miss minutes.
    expect(Date.parse(started.startsAt!)).toBeGreaterThan(Date.now())
    expect((await heard).slotIndex).toBe(0)

    const paused = next(guest.socket, 'event.updated', (state) => state.paused)
    await ok(coHost.socket, 'room:event:pause')
    await paused
    await ok(coHost.socket, 'room:event:seekSlot', { positionMs: 60_000 })

    const late = await joinMeeting(edge, roomId)
    expect(late.joined.event).toMatchObject({ started: true, paused: true, slotIndex: 0, remainingMs: 30_000 })
    expect(late.joined.talkTimer).toMatchObject({ distribution: {}, limitMs: 0 })
    expect(await ok(late.socket, 'room:getEventSlotIndex')).toEqual({ slotIndex: 0, remainingMs: 30_000 })

    const moved = next(late.socket, 'event.updated', (state) => state.slotIndex === 1)
    await ok(host.socket, 'room:event:changeSlot', { slotIndex: 1 })
    expect(await moved).toMatchObject({ paused: false, remainingMs: near(120_000), countdown: null })

    const counting = next(guest.socket, 'event.updated', (state) => state.countdown?.kind === 'end')
    await ok(host.socket, 'room:event:end', {})
    expect((await counting).countdown!.remainingMs).toEqual(near(5000))
    const stopped = next(guest.socket, 'event.updated', (state) => !state.started)
    await ok(host.socket, 'room:event:end', { force: true })
    expect(await stopped).toMatchObject({ slotIndex: null, countdown: null })
  })

  it(
    'in rehearsal plays on by itself: a slot of 1 minute lasts 2 s, then 5 s to the next slot',
    { timeout: 15_000 },
    async () => {
      const roomId = await createEvent()
      const host = await joinMeeting(edge, roomId, { isHost: true })
      const guest = await joinMeeting(edge, roomId)
      const states = collect(guest.socket, 'event.updated')
      const began = Date.now()
      expect(await ok<EventState>(host.socket, 'room:event:start', { rehearsal: true })).toMatchObject({
        rehearsal: true,
        slots: [{ durationMs: 2000 }, { durationMs: 4000 }],
      })
      await next(guest.socket, 'event.updated', (state) => state.countdown?.kind === 'next', 4000)
      expect(Date.now() - began).toBeGreaterThanOrEqual(1900)
      await next(guest.socket, 'event.updated', (state) => state.slotIndex === 1, 7000)
      expect(Date.now() - began).toBeGreaterThanOrEqual(6900)
      expect(states.map((state) => [state.slotIndex, state.countdown?.kind ?? null])).toEqual([
        [0, null],
        [0, 'next'],
        [1, null],
      ])
      await ok(host.socket, 'room:event:reset')
    },
  )
})

describe('the late-joiner window', () => {
  it('closes the running event to newcomers once the window after its start has passed; hosts and those who were in come back', async () => {
    const roomId = await createEvent({ lateJoinerWindowMinutes: 0 }, new Date(Date.now() - 60_000))
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const early = await joinMeeting(edge, roomId, { userId: 'early-bird' })
    // Before the event runs, anyone comes in.
    await joinMeeting(edge, roomId)
    await ok(host.socket, 'room:event:start', {})
    await new Promise((resolve) => setTimeout(resolve, 20))

    const late = await connect(edge, await tokenFor(roomId))
    expect(await request(late, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.lateJoinerWindowClosed,
    })
    early.socket.disconnect()
    const back = await joinMeeting(edge, roomId, { userId: 'early-bird' })
    expect(back.joined.event?.started).toBe(true)
    await joinMeeting(edge, roomId, { isCoHost: true })

    // Once the event stops, the room is open again.
    await ok(host.socket, 'room:event:end', { force: true })
    await joinMeeting(edge, roomId)
  })
})

describe('the talk timer on the edge', () => {
  it(
    "counts the active speaker's time, tells them when the turn runs out, mutes them, and keeps the distribution",
    { timeout: 15_000 },
    async () => {
      const roomId = await createEvent({
        timerSeconds: 1,
        timerEnforcement: true,
        timerEnforcementMessage: 'Thank you, next!',
        timerMuteOnExpiry: true,
      })
      const host = await joinMeeting(edge, roomId, { isHost: true })
      const speaker = await joinMeeting(edge, roomId, { userId: 'speaker-1' })
      await ok(speaker.socket, 'enter')
      const { send } = await setUpMedia(speaker.socket)
      const mic = await ok<{ id: string }>(speaker.socket, 'produce', {
        transportId: send.id,
        kind: 'audio',
        rtpParameters: MIC_RTP,
        appData: { source: 'mic' },
      })
      await ok(host.socket, 'room:event:start', {})

      const told = next(speaker.socket, 'talkTimer:peerEncouragement', undefined, 5000)
      const muted = next(speaker.socket, 'mute', undefined, 5000)
      // What the active speaker observer reports when the speaker's audio dominates.
      const meeting = edge.edge.meetings.get(roomId)!
      meeting.setActiveSpeaker(speaker.joined.peerId)
      expect(await told).toEqual({ kind: 'enforcement', message: 'Thank you, next!' })
      expect(await muted).toEqual({ peerId: speaker.joined.peerId })
      expect(meeting.peers.get(speaker.joined.peerId)!.producers.get(mic.id)!.paused).toBe(true)

      const view = meeting.event!.talkView()
      expect(view.distribution['speaker-1']).toBeGreaterThanOrEqual(1000)
      expect(view.limitMs).toBe(1000)
      await ok(host.socket, 'room:event:end', { force: true })
      await expect
        .poll(async () => (await MeetingRoom.findByPk(meeting.id))!.peerTimerDistributionMap['speaker-1'] ?? 0)
        .toBeGreaterThanOrEqual(1000)
    },
  )
})

describe('encouragement', () => {
  it(
    'reaches each quiet person once, only after half of the slot, and not those who spoke or only watch',
    { timeout: 15_000 },
    async () => {
      const roomId = await createEvent(
        { timerMinutes: 1, timerEncouragement: true, timerEncouragementMessage: 'We would love to hear you!' },
        null,
        [{ position: 0, name: 'Round', minutes: 0, seconds: 6 }],
      )
      const host = await joinMeeting(edge, roomId, { isHost: true, userId: 'host-2' })
      const quiet = await joinMeeting(edge, roomId, { userId: 'quiet-2' })
      const watcher = await joinMeeting(edge, roomId, { userId: 'watcher-2' })
      for (const peer of [host, quiet, watcher]) await ok(peer.socket, 'enter')
      await ok(watcher.socket, 'leaveEvent')
      const toQuiet = collect(quiet.socket, 'talkTimer:peerEncouragement')
      const toOthers = [
        collect(host.socket, 'talkTimer:peerEncouragement'),
        collect(watcher.socket, 'talkTimer:peerEncouragement'),
      ]
      const began = Date.now()
      await ok(host.socket, 'room:event:start', {})
      edge.edge.meetings.get(roomId)!.setActiveSpeaker(host.joined.peerId)

      expect(await next(quiet.socket, 'talkTimer:peerEncouragement', undefined, 6000)).toEqual({
        kind: 'encouragement',
        message: 'We would love to hear you!',
      })
      // Not before half of the 6 s slot.
      expect(Date.now() - began).toBeGreaterThan(3000)
      await next(quiet.socket, 'event.updated', (state) => state.countdown !== null, 6000)
      expect(toQuiet).toHaveLength(1)
      expect(toOthers.flat()).toEqual([])
      await ok(host.socket, 'room:event:end', { force: true })
    },
  )
})

describe('taking part in the event', () => {
  it('lists the quiet ones to the hosts, and lets each person step out (leaveEvent) and back in (joinEvent) for themselves', async () => {
    const roomId = await createEvent()
    const host = await joinMeeting(edge, roomId, { isHost: true, userId: 'host-1' })
    const ana = await joinMeeting(edge, roomId, { userId: 'ana-1' })
    const bo = await joinMeeting(edge, roomId, { userId: 'bo-1' })
    for (const peer of [host, ana, bo]) await ok(peer.socket, 'enter')
    await ok(host.socket, 'room:event:start', {})
    const meeting = edge.edge.meetings.get(roomId)!
    meeting.setActiveSpeaker(host.joined.peerId)
    expect(meeting.event!.talkView()).toMatchObject({ inactiveUserIds: ['ana-1', 'bo-1'], watchingUserIds: [] })

    const heard = next(host.socket, 'talkTimer:updated', (state) => state.watchingUserIds.includes('bo-1'))
    const stepped = await ok<TalkTimerState>(bo.socket, 'leaveEvent')
    expect(stepped).toMatchObject({ inactiveUserIds: ['ana-1'], watchingUserIds: ['bo-1'] })
    await heard
    expect((await ok<TalkTimerState>(bo.socket, 'joinEvent')).inactiveUserIds).toEqual(['ana-1', 'bo-1'])

    await ok(bo.socket, 'leave')
    expect(await request(bo.socket, 'joinEvent')).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
    await ok(host.socket, 'room:event:end', { force: true })
  })
})
