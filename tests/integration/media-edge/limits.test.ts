// The edge's resource limits: one send and one receive transport per peer, token
// buckets per socket and event, names from the pass (guests marked), the community's toolbar
// controls enforced, with `{ ok: false, error }` for every refusal.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MeetingChatMessage, MeetingPeer } from '#models/index'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { ChatMessage } from '#edge/contract/chat'
import type { NewConsumer } from '#edge/contract/media'
import type { Peer } from '#edge/contract/peers'
import { EVENT_RATES } from '#edge/rate-buckets'
import type { RunningEdge } from '#edge/server'
import {
  ALL_CONTROLS,
  MIC_RTP,
  closeSockets,
  collect,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  serverPeer,
  setUpMedia,
  startTestEdge,
  webcamRtp,
} from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

const rateLimited = { ok: false, error: EDGE_ERRORS.rateLimited }

describe('transports', () => {
  // Ten RTC ports: without the one-per-direction rule a looping client runs out of them at once.
  let small: RunningEdge
  beforeAll(async () => {
    small = await startTestEdge({ RTC_MIN_PORT: '49970', RTC_MAX_PORT: '49979' }, { eventRates: {} })
  })
  afterAll(() => small.close())

  it('are one send and one receive per peer: a looping client holds two and cannot exhaust the ports', async () => {
    const { id: roomId } = await createRoom()
    const alice = await joinMeeting(small, roomId)
    const bob = await joinMeeting(small, roomId)
    const aliceMedia = await setUpMedia(alice.socket)
    await setUpMedia(bob.socket)
    await ok(bob.socket, 'sfuEnter')
    const bobGotMic = next(bob.socket, 'newConsumer')
    await ok(alice.socket, 'produce', {
      transportId: aliceMedia.send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    const micConsumer = await bobGotMic

    // Every transport the meeting's router holds at once, counted as the router makes and closes them.
    const meeting = small.edge.meetings.get(roomId)!
    const [main] = await meeting.routers()
    let live = 0
    let most = 0
    const track = (transport: { observer: { once: (event: 'close', listener: () => void) => unknown } }) => {
      most = Math.max(most, ++live)
      transport.observer.once('close', () => live--)
    }
    for (const peer of meeting.peers.values()) for (const { transport } of peer.transports.values()) track(transport)
    expect((await main!.router.dump()).transportIds).toHaveLength(live)
    main!.router.observer.on('newtransport', track)
    const aliceServer = serverPeer(small, roomId, alice.joined.peerId)
    const bobServer = serverPeer(small, roomId, bob.joined.peerId)
    const closed = next(bob.socket, 'consumerClosed', (payload) => payload.consumerId === micConsumer.id)
    for (let round = 0; round < 12; round++) {
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          ok(alice.socket, 'createWebRtcTransport', {
            direction: i % 2 ? 'send' : 'recv',
            producing: true,
            consuming: true,
          }),
        ),
      )
      expect(aliceServer.transports.size).toBeLessThanOrEqual(2)
    }
    expect(most).toBe(4)
    expect((await main!.router.dump()).transportIds).toHaveLength(4)
    expect([...aliceServer.transports.values()].map((entry) => entry.direction).sort()).toEqual(['recv', 'send'])

    // The replaced send transport took Alice's microphone with it; Bob heard so and holds nothing of it.
    await closed
    expect(aliceServer.producers.size).toBe(0)
    await expect.poll(() => bobServer.consumers.size).toBe(0)
    expect(bobServer.receiving.size).toBe(0)

    // Alice produces again on her one send transport; Bob receives it.
    const send = [...aliceServer.transports.values()].find((entry) => entry.direction === 'send')!.transport
    const bobGotMicAgain = next(bob.socket, 'newConsumer')
    const mic = await ok<{ id: string }>(alice.socket, 'produce', {
      transportId: send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    const first = await bobGotMicAgain
    expect(first.producerId).toBe(mic.id)

    // Bob replaces his receive transport: the consumer on the old one goes, a new one comes on the new one.
    const again: Promise<NewConsumer> = next(bob.socket, 'newConsumer')
    const recv = await ok<{ id: string }>(bob.socket, 'createWebRtcTransport', {
      direction: 'recv',
      producing: false,
      consuming: true,
    })
    const second = await again
    expect(second).toMatchObject({ producerId: mic.id })
    expect(bobServer.consumers.has(first.id)).toBe(false)
    expect((await bobServer.transports.get(recv.id)!.transport.dump()).consumerIds).toEqual([second.id])

    // A normal client still connects and produces.
    const carol = await joinMeeting(small, roomId)
    const carolMedia = await setUpMedia(carol.socket)
    const bobGotCamera = next(bob.socket, 'newConsumer', (payload) => payload.appData.source === 'webcam')
    await ok(carol.socket, 'produce', {
      transportId: carolMedia.send.id,
      kind: 'video',
      rtpParameters: webcamRtp(),
      appData: { source: 'webcam' },
    })
    expect(await bobGotCamera).toMatchObject({ peerId: carol.joined.peerId })
  })
})

describe('event rates', () => {
  it('throttle a chat flood: the first burst is delivered and stored, the rest refused; it recovers after refill', async () => {
    const burst = EVENT_RATES['chat:send']!.burst
    const { id: roomId } = await createRoom()
    const flooder = await joinMeeting(edge, roomId)
    const reader = await joinMeeting(edge, roomId)
    const delivered = collect(reader.socket, 'chat:message')

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => request<ChatMessage>(flooder.socket, 'chat:send', { text: `spam ${i}` })),
    )
    expect(answers.slice(0, burst).every((answer) => answer.ok)).toBe(true)
    expect(answers.slice(burst)).toEqual(Array.from({ length: 200 - burst }, () => rateLimited))
    await expect.poll(() => delivered.length).toBe(burst)
    expect(delivered.map((message) => message.text).sort()).toEqual(
      Array.from({ length: burst }, (_, i) => `spam ${i}`).sort(),
    )
    expect(await MeetingChatMessage.count({ where: { meetingRoomId: flooder.joined.meetingRoomId } })).toBe(burst)

    // One message a second refills.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await ok(flooder.socket, 'chat:send', { text: 'after a pause' })
    await expect.poll(() => delivered.at(-1)?.text).toBe('after a pause')
    expect(await MeetingChatMessage.count({ where: { meetingRoomId: flooder.joined.meetingRoomId } })).toBe(burst + 1)
    // Another socket has its own buckets.
    await ok(reader.socket, 'chat:send', { text: 'hello' })
  })

  it('throttle updateMyPeer, transport creation, produce and ICE restarts per socket', async () => {
    const { id: roomId } = await createRoom()
    const { socket, joined } = await joinMeeting(edge, roomId)
    const witness = await joinMeeting(edge, roomId)
    const updates = collect(witness.socket, 'peerUpdated')
    const flood = async (event: Parameters<typeof request>[1], payload: (i: number) => unknown, count: number) =>
      (await Promise.all(Array.from({ length: count }, (_, i) => request(socket, event, payload(i))))).filter(
        (answer) => answer.ok !== false || answer.error !== EDGE_ERRORS.rateLimited,
      ).length

    expect(await flood('updateMyPeer', (i) => ({ peerData: { away: i % 2 === 0 } }), 100)).toBe(
      EVENT_RATES.updateMyPeer!.burst,
    )
    await expect.poll(() => updates.length).toBe(EVENT_RATES.updateMyPeer!.burst)

    await setUpMedia(socket)
    // The two transports of setUpMedia took two tokens; the loop gets the rest, and the peer still has two.
    const transports = await flood('createWebRtcTransport', (i) => ({ direction: i % 2 ? 'send' : 'recv' }), 300)
    expect(transports).toBe(EVENT_RATES.createWebRtcTransport!.burst - 2)
    const peer = serverPeer(edge, roomId, joined.peerId)
    expect(peer.transports.size).toBe(2)

    const send = [...peer.transports.values()].find((entry) => entry.direction === 'send')!.transport.id
    const produced = await flood(
      'produce',
      () => ({ transportId: send, kind: 'audio', rtpParameters: MIC_RTP, appData: { source: 'mic' } }),
      50,
    )
    expect(produced).toBe(EVENT_RATES.produce!.burst)

    expect(await flood('restartIce', () => ({ transportId: 'none' }), 100)).toBe(EVENT_RATES.restartIce!.burst)
  })
})

describe('names', () => {
  it('of signed-in people come from their account: neither join nor updateMyPeer renames them', async () => {
    const { id: roomId } = await createRoom()
    const witness = await joinMeeting(edge, roomId)
    const joined = next(witness.socket, 'peerJoined')
    const ana = await joinMeeting(edge, roomId, { userId: 'user-ana', name: 'Ana Account' }, { name: 'The Host' })
    expect(await joined).toMatchObject({ name: 'Ana Account', guest: false })
    const updated = next(witness.socket, 'peerUpdated')
    expect(
      await ok<Peer>(ana.socket, 'updateMyPeer', { peerData: { name: 'Olivia Owner', audioMuted: true } }),
    ).toMatchObject({ name: 'Ana Account', audioMuted: true })
    expect(await updated).toMatchObject({ name: 'Ana Account', audioMuted: true })
    expect((await MeetingPeer.findByPk(ana.joined.peerId))!.userMeta).toMatchObject({ name: 'Ana Account' })
  })

  it("pictures: the pass's own or one the web app stored for this peer's user; any other address is not shown", async () => {
    const { id: roomId } = await createRoom()
    const witness = await joinMeeting(edge, roomId)
    const guest = await joinMeeting(edge, roomId, { userId: 'guest:browser-kim', name: 'Guest' }, { name: 'Kim' })
    const own = `/uploads/avatars/g_browser-kim-${'a1'.repeat(12)}.png`
    const updated = next(witness.socket, 'peerUpdated')
    expect(await ok<Peer>(guest.socket, 'updateMyPeer', { peerData: { avatar: own } })).toMatchObject({ avatar: own })
    expect(await updated).toMatchObject({ name: 'Kim', avatar: own })
    // Another person's upload, an outside address, a name the web app never gives: the picture stays.
    for (const avatar of [
      `/uploads/avatars/g_browser-lee-${'a1'.repeat(12)}.png`,
      'https://tracker.example/pixel.gif',
      `/uploads/avatars/g_browser-kim-${'a1'.repeat(12)}.png?x=1`,
      `/uploads/avatars/g_browser-kim-../../${'a1'.repeat(12)}.png`,
    ])
      expect(await ok<Peer>(guest.socket, 'updateMyPeer', { peerData: { avatar } })).toMatchObject({ avatar: own })
    expect(await ok<Peer>(guest.socket, 'updateMyPeer', { peerData: { avatar: null } })).toMatchObject({ avatar: null })
  })

  it('of guests are what they type, marked as guests on the peer and in the chat', async () => {
    const { id: roomId } = await createRoom()
    const member = await joinMeeting(edge, roomId, { userId: 'user-member', name: 'Mia Member' })
    const joined = next(member.socket, 'peerJoined')
    const guest = await joinMeeting(edge, roomId, { userId: 'guest:browser-lee', name: 'Guest' }, { name: 'Lee' })
    expect(await joined).toMatchObject({ name: 'Lee', guest: true })
    const renamed = next(member.socket, 'peerUpdated')
    await ok(guest.socket, 'updateMyPeer', { peerData: { name: 'Lee B.' } })
    expect(await renamed).toMatchObject({ name: 'Lee B.', guest: true })

    const heard = next(member.socket, 'chat:message')
    await ok(guest.socket, 'chat:send', { text: 'hi, I am new' })
    expect(await heard).toMatchObject({ name: 'Lee B.', guest: true })
    await ok(member.socket, 'chat:send', { text: 'welcome' })

    // Someone joining later sees the same marks, in the peers and the chat history.
    const late = await joinMeeting(edge, roomId)
    expect(late.joined.peers.map((peer) => [peer.name, peer.guest])).toEqual(
      expect.arrayContaining([
        ['Lee B.', true],
        ['Mia Member', false],
      ]),
    )
    expect(late.joined.chat.map((message) => [message.name, message.guest]).sort()).toEqual([
      ['Lee B.', true],
      ['Mia Member', false],
    ])
  })
})

describe("the community's toolbar controls", () => {
  it('chat off: chat is refused to everyone, the host too, and nothing is stored or delivered', async () => {
    const { id: roomId } = await createRoom()
    const controls = { ...ALL_CONTROLS, chat: false }
    const host = await joinMeeting(edge, roomId, { isHost: true, controls })
    const someone = await joinMeeting(edge, roomId, { controls })
    const delivered = collect(someone.socket, 'chat:message')
    for (const { socket } of [host, someone])
      expect(await request(socket, 'chat:send', { text: 'hello' })).toEqual({ ok: false, error: EDGE_ERRORS.chatOff })
    expect(await MeetingChatMessage.count({ where: { meetingRoomId: host.joined.meetingRoomId } })).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(delivered).toHaveLength(0)
  })

  it('screen sharing off: a screen is refused to everyone, the host too; the camera is not', async () => {
    const { id: roomId } = await createRoom()
    const controls = { ...ALL_CONTROLS, sharedScreen: false }
    for (const claims of [{ isHost: true, controls }, { controls }]) {
      const { socket, joined } = await joinMeeting(edge, roomId, claims)
      const { send } = await setUpMedia(socket)
      expect(
        await request(socket, 'produce', {
          transportId: send.id,
          kind: 'video',
          rtpParameters: webcamRtp(33330000),
          appData: { source: 'screen' },
        }),
      ).toEqual({
        ok: false,
        error: EDGE_ERRORS.screenShareOff,
      })
      await ok(socket, 'produce', {
        transportId: send.id,
        kind: 'video',
        rtpParameters: webcamRtp(),
        appData: { source: 'webcam' },
      })
      expect(
        [...serverPeer(edge, roomId, joined.peerId).producers.values()].map((producer) => producer.appData.source),
      ).toEqual(['webcam'])
    }
    expect(edge.edge.meetings.get(roomId)!.screenShareId).toBeNull()
  })
})
