// The meeting socket's refusals: bad tokens, other rooms, operations
// before joining, missing peer ids, malformed payloads; and the channels a socket may join.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MeetingRecords } from '#edge/meeting-records'
import { signEdgeToken } from '#edge/contract/token'
import { EDGE_ERRORS, channels } from '#edge/contract/protocol'
import type { ClientToServerEvents } from '#edge/contract/events'
import { GUEST_NAME_MAX } from '#edge/contract/peers'
import { POLL_LIMITS } from '#edge/contract/polls'
import type { RunningEdge } from '#edge/server'
import {
  ALL_CONTROLS,
  TEST_EDGE_SECRET,
  closeSockets,
  connect,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  startTestEdge,
  tokenFor,
} from './harness'

let edge: RunningEdge
let roomId: string

beforeAll(async () => {
  edge = await startTestEdge()
  roomId = (await createRoom()).id
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

describe('the handshake', () => {
  it('refuses a connection without a token, with a forged one, or with an expired one', async () => {
    await expect(connect(edge, undefined)).rejects.toThrow(EDGE_ERRORS.badToken)
    await expect(connect(edge, 'not-a-token')).rejects.toThrow(EDGE_ERRORS.badToken)
    const forged = await tokenFor(roomId, {}, 'another-secret-that-is-long-enough-1234')
    await expect(connect(edge, forged)).rejects.toThrow(EDGE_ERRORS.badToken)
    const expired = await signEdgeToken(
      {
        userId: 'u',
        name: 'U',
        avatar: null,
        roomId,
        brandId: 'b',
        isHost: false,
        isCoHost: false,
        permissions: [],
        controls: ALL_CONTROLS,
      },
      TEST_EDGE_SECRET,
      -10,
    )
    await expect(connect(edge, expired)).rejects.toThrow(EDGE_ERRORS.badToken)
  })

  it('accepts a token the web app signed', async () => {
    const socket = await connect(edge, await tokenFor(roomId))
    expect(socket.connected).toBe(true)
  })
})

describe('before meetingRoom:join', () => {
  const meetingEvents: [keyof ClientToServerEvents, unknown][] = [
    ['prepare', { rtpCapabilities: {} }],
    ['getRouterRtpCapabilities', undefined],
    ['setPeerRtpCapabilities', { rtpCapabilities: {} }],
    ['createWebRtcTransport', { direction: 'send', producing: true, consuming: false }],
    ['connectWebRtcTransport', { transportId: 'x', dtlsParameters: {} }],
    ['restartIce', { transportId: 'x' }],
    ['produce', { transportId: 'x', kind: 'audio', rtpParameters: {}, appData: { source: 'mic' } }],
    ['closeProducer', { producerId: 'x' }],
    ['pauseProducer', { producerId: 'x' }],
    ['resumeProducer', { producerId: 'x' }],
    ['pauseConsumer', { consumerId: 'x' }],
    ['resumeConsumer', { consumerId: 'x' }],
    ['setConsumerPreferredLayers', { consumerId: 'x', spatialLayer: 0 }],
    ['enter', undefined],
    ['sfuEnter', undefined],
    ['enterSfu', undefined],
    ['updateMyPeer', { peerData: {} }],
    ['kickPeer', { peerId: 'x' }],
    ['mutePeerAudio', { peerId: 'x' }],
    ['leave', undefined],
    ['chat:send', { text: 'hello' }],
  ]

  it('answers every meeting operation with "meeting not joined"', async () => {
    const socket = await connect(edge, await tokenFor(roomId))
    for (const [event, payload] of meetingEvents) {
      expect(await request(socket, event, payload), event).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
    }
  })

  it('lets a peer that left the meeting say so again without an error', async () => {
    const socket = await connect(edge, await tokenFor(roomId))
    expect(await request(socket, 'peerLeftMeeting', { roomId, view: 'home' })).toMatchObject({ ok: true })
  })
})

describe('meetingRoom:join', () => {
  it('refuses a room other than the token names', async () => {
    const other = await createRoom('Elsewhere')
    const socket = await connect(edge, await tokenFor(roomId))
    expect(await request(socket, 'meetingRoom:join', { roomId: other.id, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.wrongRoom,
    })
  })

  it('refuses a malformed join and a room that no longer exists', async () => {
    const socket = await connect(edge, await tokenFor(roomId))
    expect(await request(socket, 'meetingRoom:join', { peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    expect(await request(socket, 'meetingRoom:join', 'nonsense')).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    const ghost = await connect(edge, await tokenFor('no-such-room'))
    expect(await request(ghost, 'meetingRoom:join', { roomId: 'no-such-room', peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
  })

  it('answers a second join on the same socket with the same peer', async () => {
    const { socket, joined } = await joinMeeting(edge, roomId)
    const again = await ok<{ peerId: string }>(socket, 'meetingRoom:join', { roomId, peerData: {} })
    expect(again.peerId).toBe(joined.peerId)
  })

  it('lets a page that reconnects with a fresh pass replace its earlier self, and nobody else', async () => {
    const { id: room } = await createRoom('Reconnecting')
    const host = await joinMeeting(edge, room, { name: 'Host' })
    const page = 'a1b2c3d4e5f60718293a4b5c6d7e8f90'
    const join = async (claims: { userId: string; name: string }, pageId?: string) => {
      const socket = await connect(edge, await tokenFor(room, claims), pageId)
      const joined = await ok<{ peerId: string }>(socket, 'meetingRoom:join', { roomId: room, peerData: {} })
      return { socket, peerId: joined.peerId }
    }
    const peersNamed = (name: string) =>
      [...edge.edge.meetings.get(room)!.peers.values()].filter((p) => p.name === name)

    const first = await join({ userId: 'mia', name: 'Mia' }, page)
    // The old connection is still open (its drop not noticed yet) when the page comes back on a new one.
    const left = next(host.socket, 'peerLeft', ({ peerId }) => peerId === first.peerId)
    const disconnected = new Promise((resolve) => first.socket.once('disconnect', resolve))
    const second = await join({ userId: 'mia', name: 'Mia' }, page)
    await Promise.all([left, disconnected])
    expect(peersNamed('Mia').map((peer) => peer.id)).toEqual([second.peerId])

    // Mia on another device (another page) stays beside it; another person naming Mia's page replaces nothing.
    const phone = await join({ userId: 'mia', name: 'Mia' }, 'f0e1d2c3b4a5968778695a4b3c2d1e0f')
    await join({ userId: 'mallory', name: 'Mallory' }, page)
    // A page id that is no id counts as none: that connection is a page of its own.
    await join({ userId: 'mia', name: 'Mia' }, '../../x')
    expect(peersNamed('Mia')).toHaveLength(3)
    expect(peersNamed('Mia').some((peer) => peer.id === phone.peerId)).toBe(true)
    expect(second.socket.connected).toBe(true)
  })

  it('never announces a peer that its page replaced while its enter was being recorded', async () => {
    const { id: room } = await createRoom('Replaced while entering')
    const host = await joinMeeting(edge, room, { name: 'Host' })
    const heard: Array<[string, string]> = []
    for (const event of ['peerEntered', 'peerUpdated'] as const)
      host.socket.on(event, (peer: { id: string }) => heard.push([event, peer.id]))
    const page = '0a1b2c3d4e5f60718293a4b5c6d7e8f9'
    const mia = { userId: 'mia', name: 'Mia' }
    const first = await connect(edge, await tokenFor(room, mia), page)
    const { peerId: firstId } = await ok<{ peerId: string }>(first, 'meetingRoom:join', { roomId: room, peerData: {} })

    // Hold the first peer's status write, the await inside enter, while the page comes back on a new connection.
    let release!: () => void
    let recording!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const started = new Promise<void>((resolve) => (recording = resolve))
    const realStatus = MeetingRecords.prototype.setPeerStatus
    const status = vi.spyOn(MeetingRecords.prototype, 'setPeerStatus').mockImplementationOnce(async function (
      this: MeetingRecords,
      ...args: Parameters<MeetingRecords['setPeerStatus']>
    ) {
      recording()
      await held
      return realStatus.apply(this, args)
    })
    try {
      void request(first, 'enter')
      await started
      const second = await connect(edge, await tokenFor(room, mia), page)
      const { peerId: secondId } = await ok<{ peerId: string }>(second, 'meetingRoom:join', {
        roomId: room,
        peerData: {},
      })
      release()
      await ok(second, 'enter')
      await vi.waitFor(() => expect(heard).toContainEqual(['peerEntered', secondId]))
      expect(heard.filter(([, id]) => id === firstId)).toEqual([])
    } finally {
      status.mockRestore()
    }
  })

  it('takes identity and powers from the token, never from the peer data', async () => {
    const { joined } = await joinMeeting(
      edge,
      roomId,
      { name: 'Ana' },
      { name: '  ', isHost: true, avatar: 'https://tracker.example/pixel.gif' },
    )
    const me = joined.peers.find((peer) => peer.id === joined.peerId)!
    expect(me).toMatchObject({
      name: 'Ana',
      isHost: false,
      avatar: null,
      status: 'joining',
      joining: true,
      visible: false,
    })
  })

  it("lists what others did while the newcomer's join was being answered: someone who entered meanwhile is visible", async () => {
    // The newcomer is in the meeting's channel before its answer goes out, so its client hears
    // peerEntered first and then replaces its peer list with the answer's. Hold the newcomer's chat
    // read (the real one, only later) while an earlier peer enters: the answer must show them entered.
    const { id: room } = await createRoom('Entering meanwhile')
    const early = await joinMeeting(edge, room, { name: 'Early' })
    let release!: () => void
    let reading!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const started = new Promise<void>((resolve) => (reading = resolve))
    const realChat = MeetingRecords.prototype.chat
    const chat = vi.spyOn(MeetingRecords.prototype, 'chat').mockImplementationOnce(async function (
      this: MeetingRecords,
      meetingRoomId: string,
    ) {
      reading()
      await held
      return realChat.call(this, meetingRoomId)
    })
    try {
      const newcomer = await connect(edge, await tokenFor(room, { name: 'Newcomer' }))
      const answer = request<{ peers: Array<{ id: string; visible: boolean }> }>(newcomer, 'meetingRoom:join', {
        roomId: room,
        peerData: {},
      })
      await started
      await ok(early.socket, 'enter')
      release()
      const { ok: joined, data } = await answer
      expect(joined).toBe(true)
      expect(data!.peers.find((peer) => peer.id === early.joined.peerId)).toMatchObject({ visible: true })
    } finally {
      chat.mockRestore()
    }
  })
})

describe('kickPeer and mutePeerAudio', () => {
  it('need a peer id', async () => {
    const { socket } = await joinMeeting(edge, roomId, { isHost: true })
    for (const event of ['kickPeer', 'mutePeerAudio'] as const) {
      expect(await request(socket, event, {})).toEqual({ ok: false, error: EDGE_ERRORS.peerIdRequired })
      expect(await request(socket, event, { peerId: '' })).toEqual({ ok: false, error: EDGE_ERRORS.peerIdRequired })
      expect(await request(socket, event)).toEqual({ ok: false, error: EDGE_ERRORS.peerIdRequired })
    }
  })
})

describe('payload limits', () => {
  it("takes a guest's name up to the device check's length, and lets a member in whatever their account name", async () => {
    const guest = await connect(edge, await tokenFor(roomId, { userId: 'guest:long-name' }))
    expect(
      await request(guest, 'meetingRoom:join', { roomId, peerData: { name: 'x'.repeat(GUEST_NAME_MAX + 1) } }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.invalidRequest })
    const fits = await joinMeeting(edge, roomId, { userId: 'guest:fits' }, { name: 'x'.repeat(GUEST_NAME_MAX) })
    expect(fits.joined.peers.find((peer) => peer.id === fits.joined.peerId)?.name).toBe('x'.repeat(GUEST_NAME_MAX))
    // A member's client sends no name: the meeting shows their account's, however long.
    const member = await joinMeeting(edge, roomId, { name: 'Ana '.repeat(40).trim() })
    expect(member.joined.peers.find((peer) => peer.id === member.joined.peerId)?.name).toBe('Ana '.repeat(40).trim())
  })

  it('answers a broken limit with the refusal the edge always gave for it', async () => {
    const { socket } = await joinMeeting(edge, roomId, { isHost: true })
    expect(await request(socket, 'chat:send', { text: 'x'.repeat(30_000) })).toEqual({
      ok: false,
      error: EDGE_ERRORS.chatInvalid,
    })
    expect(await request(socket, 'poll:create', { question: 'x'.repeat(1000), options: ['a', 'b'] })).toEqual({
      ok: false,
      error: EDGE_ERRORS.pollInvalid,
    })
    expect(await request(socket, 'poll:answer', { pollId: 'p', option: POLL_LIMITS.maxOptions })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    expect(await request(socket, 'reaction:send', { emoji: '🙈' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
  })
})

describe('channels', () => {
  it('puts the socket in its own user channel and its room channel, never another room', async () => {
    const socket = await connect(edge, await tokenFor(roomId, { userId: 'channel-user' }))
    await ok(socket, 'user:join')
    await ok(socket, 'room:join', { roomId })
    expect(await request(socket, 'room:join', { roomId: 'another-room' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.wrongRoom,
    })
    const inUser = await edge.io.in(channels.user('channel-user')).fetchSockets()
    const inRoom = await edge.io.in(channels.room(roomId)).fetchSockets()
    expect(inUser.map((s) => s.id)).toEqual([socket.id])
    expect(inRoom.map((s) => s.id)).toContain(socket.id)
    expect(await edge.io.in(channels.room('another-room')).fetchSockets()).toHaveLength(0)

    const delivered = new Promise((resolve) => socket.once('notification', resolve))
    edge.io.to(channels.user('channel-user')).emit('notification', { type: 'test' })
    expect(await delivered).toEqual({ type: 'test' })

    await ok(socket, 'user:leave')
    await ok(socket, 'room:leave', { roomId })
    expect(await edge.io.in(channels.user('channel-user')).fetchSockets()).toHaveLength(0)
  })
})

describe('GET /healthz', () => {
  it('reports the workers and meetings', async () => {
    const response = await fetch(`${edge.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', workers: 1 })
    expect((await fetch(`${edge.url}/elsewhere`)).status).toBe(404)
  })
})
