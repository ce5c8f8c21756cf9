// Media through the edge with a real mediasoup worker: transports, producers, paused consumers,
// layers, pause/resume/close notifications, ICE restarts, screen share and the active speaker.
// A node test cannot be a WebRTC endpoint (mediasoup is ICE-lite on both ends, so two mediasoup
// transports never handshake): RTP flow itself is proven by the three-browser end-to-end test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { NewConsumer } from '#edge/contract/media'
import { maxIncomingBitrate } from '#edge/media-config'
import type { RunningEdge } from '#edge/server'
import {
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

describe('media', () => {
  it('creates transports, connects them, produces, and hands receivers paused consumers', async () => {
    const { id: roomId } = await createRoom()
    const alice = await joinMeeting(edge, roomId)
    const bob = await joinMeeting(edge, roomId)

    const caps = await ok<{ codecs: { mimeType: string; parameters?: Record<string, unknown> }[] }>(
      alice.socket,
      'getRouterRtpCapabilities',
    )
    expect(caps.codecs.map((codec) => codec.mimeType)).toEqual(expect.arrayContaining(['audio/opus', 'video/VP8']))
    expect(caps.codecs.find((codec) => codec.mimeType === 'audio/opus')?.parameters).toMatchObject({
      stereo: 1,
      useinbandfec: 1,
    })

    const aliceMedia = await setUpMedia(alice.socket)
    await setUpMedia(bob.socket)
    const send = serverPeer(edge, roomId, alice.joined.peerId).transports.get(aliceMedia.send.id)!.transport
    expect(send.iceCandidates.map((candidate) => candidate.protocol).sort()).toEqual(['tcp', 'udp'])
    expect(send.iceCandidates[0]!.address).toBe('127.0.0.1')
    expect(send.iceCandidates.every((candidate) => candidate.port >= 40000 && candidate.port <= 49999)).toBe(true)

    // The remote DTLS end: a second mediasoup transport's fingerprints, as a browser would send its own.
    const local = await edge.pool.workers[0]!.worker.createRouter({ mediaCodecs: [] })
    const remote = await local.createWebRtcTransport({ listenInfos: [{ protocol: 'udp', ip: '127.0.0.1' }] })
    await ok(alice.socket, 'connectWebRtcTransport', {
      transportId: aliceMedia.send.id,
      dtlsParameters: { ...remote.dtlsParameters, role: 'client' },
    })
    // mediasoup starts DTLS once ICE completes, which only a browser drives; a second connect shows the first took.
    expect(
      (
        await request(alice.socket, 'connectWebRtcTransport', {
          transportId: aliceMedia.send.id,
          dtlsParameters: { ...remote.dtlsParameters, role: 'client' },
        })
      ).ok,
    ).toBe(false)
    expect(
      await request(alice.socket, 'connectWebRtcTransport', {
        transportId: 'nope',
        dtlsParameters: remote.dtlsParameters,
      }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.notFound })
    // Another peer's transport is not yours.
    expect(
      await request(bob.socket, 'connectWebRtcTransport', {
        transportId: aliceMedia.send.id,
        dtlsParameters: remote.dtlsParameters,
      }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.notFound })
    local.close()

    // Bob is in and ready to receive first; Alice's producers reach him as they appear.
    await ok(bob.socket, 'enter')
    await ok(bob.socket, 'sfuEnter')
    const bobConsumers = collect(bob.socket, 'newConsumer')
    const mic = await ok<{ id: string }>(alice.socket, 'produce', {
      transportId: aliceMedia.send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    const cam = await ok<{ id: string }>(alice.socket, 'produce', {
      transportId: aliceMedia.send.id,
      kind: 'video',
      rtpParameters: webcamRtp(),
      appData: { source: 'webcam' },
    })
    await expect.poll(() => bobConsumers.length).toBe(2)
    const [audio, video] = [
      bobConsumers.find((c) => c.kind === 'audio')!,
      bobConsumers.find((c) => c.kind === 'video')!,
    ]
    expect(audio).toMatchObject({
      peerId: alice.joined.peerId,
      producerId: mic.id,
      appData: { source: 'mic' },
      producerPaused: false,
    })
    expect(video).toMatchObject({
      peerId: alice.joined.peerId,
      producerId: cam.id,
      type: 'simulcast',
      appData: { source: 'webcam' },
    })
    const bobServer = serverPeer(edge, roomId, bob.joined.peerId)
    expect(bobServer.consumers.get(video.id)!.paused).toBe(true)

    // The client resumes once its consumer exists; then picks a layer for the tile size.
    await ok(bob.socket, 'resumeConsumer', { consumerId: video.id })
    expect(bobServer.consumers.get(video.id)!.paused).toBe(false)
    await ok(bob.socket, 'setConsumerPreferredLayers', { consumerId: video.id, spatialLayer: 1, temporalLayer: 2 })
    expect(bobServer.consumers.get(video.id)!.preferredLayers).toEqual({ spatialLayer: 1, temporalLayer: 2 })
    expect(await request(bob.socket, 'setConsumerPreferredLayers', { consumerId: video.id, spatialLayer: 9 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    await ok(bob.socket, 'pauseConsumer', { consumerId: video.id })
    expect(bobServer.consumers.get(video.id)!.paused).toBe(true)
    expect(await request(alice.socket, 'resumeConsumer', { consumerId: video.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })

    // A late receiver gets consumers for what is already produced when it enters.
    const carol = await joinMeeting(edge, roomId)
    await setUpMedia(carol.socket)
    const carolConsumers = collect(carol.socket, 'newConsumer')
    // By the product's other name for sfuEnter, which its client sends too.
    await ok(carol.socket, 'enterSfu')
    await expect.poll(() => carolConsumers.map((c) => c.producerId).sort()).toEqual([mic.id, cam.id].sort())
    // Nobody consumes themselves.
    expect(serverPeer(edge, roomId, alice.joined.peerId).consumers.size).toBe(0)

    // Producer pause, resume and close reach every consumer's owner.
    const paused = next(bob.socket, 'consumerPaused', (payload) => payload.consumerId === audio.id)
    await ok(alice.socket, 'pauseProducer', { producerId: mic.id })
    await paused
    const resumed = next(bob.socket, 'consumerResumed', (payload) => payload.consumerId === audio.id)
    await ok(alice.socket, 'resumeProducer', { producerId: mic.id })
    await resumed
    const closed = next(bob.socket, 'consumerClosed', (payload) => payload.consumerId === video.id)
    await ok(alice.socket, 'closeProducer', { producerId: cam.id })
    await closed
    expect(bobServer.consumers.has(video.id)).toBe(false)
    expect(await request(bob.socket, 'closeProducer', { producerId: mic.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
  })

  it('gives a receiver one consumer per producer, however often it is offered at once', async () => {
    const { id: roomId } = await createRoom()
    const alice = await joinMeeting(edge, roomId)
    const bob = await joinMeeting(edge, roomId)
    const aliceMedia = await setUpMedia(alice.socket)
    await setUpMedia(bob.socket)
    const mic = await ok<{ id: string }>(alice.socket, 'produce', {
      transportId: aliceMedia.send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    // sfuEnter and produce() both offer a producer, each after awaits of its own; when they
    // overlap, the same producer is offered twice at once. Here both offers start together.
    const meeting = edge.edge.meetings.get(roomId)!
    const [aliceServer, bobServer] = [
      serverPeer(edge, roomId, alice.joined.peerId),
      serverPeer(edge, roomId, bob.joined.peerId),
    ]
    const producer = aliceServer.producers.get(mic.id)!
    const consume = (meeting as unknown as { consume: (...args: unknown[]) => Promise<void> }).consume.bind(meeting)
    await Promise.all([consume(bobServer, aliceServer, producer), consume(bobServer, aliceServer, producer)])
    expect([...bobServer.consumers.values()].filter((consumer) => consumer.producerId === mic.id)).toHaveLength(1)
    // Once that consumer is gone, the producer can be received again.
    for (const consumer of bobServer.consumers.values()) consumer.close()
    await consume(bobServer, aliceServer, producer)
    expect([...bobServer.consumers.values()].filter((consumer) => consumer.producerId === mic.id)).toHaveLength(1)
  })

  it('refuses producing on a receive transport, a source of the wrong kind, and malformed parameters', async () => {
    const { id: roomId } = await createRoom()
    const { socket } = await joinMeeting(edge, roomId)
    const { send, recv } = await setUpMedia(socket)
    const refused = { ok: false, error: EDGE_ERRORS.invalidRequest }
    expect(
      await request(socket, 'produce', {
        transportId: recv.id,
        kind: 'audio',
        rtpParameters: MIC_RTP,
        appData: { source: 'mic' },
      }),
    ).toEqual(refused)
    expect(
      await request(socket, 'produce', {
        transportId: send.id,
        kind: 'audio',
        rtpParameters: MIC_RTP,
        appData: { source: 'webcam' },
      }),
    ).toEqual(refused)
    expect(
      await request(socket, 'produce', {
        transportId: send.id,
        kind: 'audio',
        rtpParameters: { codecs: 'x' },
        appData: { source: 'mic' },
      }),
    ).toEqual(refused)
    expect(
      await request(socket, 'produce', {
        transportId: send.id,
        kind: 'video',
        rtpParameters: webcamRtp(),
        appData: {},
      }),
    ).toEqual(refused)
  })

  it('caps the send transport at the webcam maximum, raised while sharing the screen; a share updates the peer and the room', async () => {
    const { id: roomId } = await createRoom()
    const presenter = await joinMeeting(edge, roomId)
    const viewer = await joinMeeting(edge, roomId)
    const { send } = await setUpMedia(presenter.socket)
    const transport = serverPeer(edge, roomId, presenter.joined.peerId).transports.get(send.id)!.transport
    const maxIncoming = async () => (await transport.getStats())[0]!.maxIncomingBitrate
    expect(await maxIncoming()).toBe(maxIncomingBitrate(false))
    expect(maxIncomingBitrate(false)).toBe(3_128_000)
    const updates = collect(viewer.socket, 'peerUpdated')
    const screen = await ok<{ id: string }>(presenter.socket, 'produce', {
      transportId: send.id,
      kind: 'video',
      rtpParameters: webcamRtp(33330000),
      appData: { source: 'screen' },
    })
    await expect.poll(() => updates.at(-1)?.screenSharing).toBe(true)
    expect(edge.edge.meetings.get(roomId)!.screenShareId).toBe(presenter.joined.peerId)
    expect(await maxIncoming()).toBe(maxIncomingBitrate(false) + 15_000_000)
    await ok(presenter.socket, 'closeProducer', { producerId: screen.id })
    await expect.poll(() => updates.at(-1)?.screenSharing).toBe(false)
    expect(edge.edge.meetings.get(roomId)!.screenShareId).toBeNull()
    await expect.poll(maxIncoming).toBe(maxIncomingBitrate(false))
    // Peer data cannot claim a share that is not there.
    const view = await ok<{ screenSharing: boolean }>(presenter.socket, 'updateMyPeer', {
      peerData: { screenSharing: true, audioMuted: true },
    })
    expect(view).toMatchObject({ screenSharing: false, audioMuted: true })
  })

  it('throttles ICE restarts to one a second', async () => {
    const { id: roomId } = await createRoom()
    const { socket } = await joinMeeting(edge, roomId)
    const { send } = await setUpMedia(socket)
    const first = await ok<{ iceParameters: { usernameFragment: string } }>(socket, 'restartIce', {
      transportId: send.id,
    })
    const started = performance.now()
    const second = await ok<{ iceParameters: { usernameFragment: string } }>(socket, 'restartIce', {
      transportId: send.id,
    })
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
    expect(second.iceParameters.usernameFragment).not.toBe(first.iceParameters.usernameFragment)
  })

  it('announces the active speaker and keeps the primary speaker through a silence', async () => {
    const { id: roomId } = await createRoom()
    const alice = await joinMeeting(edge, roomId)
    const bob = await joinMeeting(edge, roomId)
    const meeting = edge.edge.meetings.get(roomId)!
    const changed = next(bob.socket, 'activeSpeakerChanged')
    const active = next(bob.socket, 'activeSpeaker')
    // What the ActiveSpeakerObserver's dominantspeaker event does (no audio flows in a node test).
    meeting.setActiveSpeaker(alice.joined.peerId)
    expect(await active).toEqual({ peerId: alice.joined.peerId })
    expect(await changed).toEqual({ peerId: alice.joined.peerId, primarySpeakerId: alice.joined.peerId })
    meeting.setActiveSpeaker(null)
    expect(meeting.mediaState()).toEqual({
      activeSpeakerId: null,
      primarySpeakerId: alice.joined.peerId,
      screenShareId: null,
    })
    // A joiner learns who is the primary speaker.
    const carol = await joinMeeting(edge, roomId)
    expect(carol.joined.room.primarySpeakerId).toBe(alice.joined.peerId)
    // The primary speaker leaving clears it.
    await ok(alice.socket, 'leave')
    expect(meeting.mediaState().primarySpeakerId).toBeNull()
  })
})

describe('a worker past its consumer budget', () => {
  let busy: RunningEdge
  beforeAll(async () => {
    busy = await startTestEdge({ MEDIA_WORKERS: '2', CONSUMERS_PER_WORKER: '1' })
  })
  afterAll(() => busy.close())

  it('places new receivers on a router on the other worker and pipes the producers there', async () => {
    const { id: roomId } = await createRoom()
    const alice = await joinMeeting(busy, roomId)
    const bob = await joinMeeting(busy, roomId)
    const { send } = await setUpMedia(alice.socket)
    await setUpMedia(bob.socket)
    await ok(bob.socket, 'sfuEnter')
    const bobGot = next(bob.socket, 'newConsumer')
    const mic = await ok<{ id: string }>(alice.socket, 'produce', {
      transportId: send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    await bobGot
    const meeting = busy.edge.meetings.get(roomId)!
    const [main] = await meeting.routers()
    expect(main!.entry.consumers).toBe(1)

    // The main worker is now at its budget: Carol's receive transport goes to the other worker.
    const carol = await joinMeeting(busy, roomId)
    await setUpMedia(carol.socket)
    const carolGot: Promise<NewConsumer> = next(carol.socket, 'newConsumer')
    await ok(carol.socket, 'sfuEnter')
    expect(await carolGot).toMatchObject({ producerId: mic.id, kind: 'audio' })
    const routers = await meeting.routers()
    expect(routers).toHaveLength(2)
    expect(routers[1]!.entry).not.toBe(main!.entry)
    expect(routers[1]!.entry.consumers).toBe(1)
    expect(main!.entry.consumers).toBe(1)
  })
})

describe('a worker that dies', () => {
  it('is replaced, and its meetings send their peers away to reconnect', async () => {
    const fragile = await startTestEdge()
    try {
      const { id: roomId } = await createRoom()
      const peer = await joinMeeting(fragile, roomId)
      const dead = fragile.pool.workers[0]!
      const shutdown = next(peer.socket, 'shutdown')
      process.kill(dead.worker.pid, 'SIGKILL')
      await shutdown
      expect(fragile.edge.meetings.has(roomId)).toBe(false)
      await expect.poll(() => fragile.pool.workers[0] !== dead && !fragile.pool.workers[0]!.worker.closed).toBe(true)
      expect((await fetch(`${fragile.url}/healthz`)).status).toBe(200)
      // The next join gets a meeting on the new worker, the same meeting row (it was not ended).
      const back = await joinMeeting(fragile, roomId)
      expect(back.joined.meetingRoomId).toBe(peer.joined.meetingRoomId)
      await setUpMedia(back.socket)
    } finally {
      closeSockets()
      await fragile.close()
    }
  })
})
