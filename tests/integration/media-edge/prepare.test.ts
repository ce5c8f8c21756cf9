// Preparing at the device check (the meeting join): the join's answer carries the router's
// capabilities, and one `prepare` makes both transports and offers paused consumers of what the
// others send, so that entering costs only their resume. A prepared peer is nobody the others see:
// invisible, sending nothing, receiving nothing until it enters; and the edge's limits still hold.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { NewConsumer, PreparedMedia } from '#edge/contract/media'
import type { Peer } from '#edge/contract/peers'
import { EVENT_RATES } from '#edge/rate-buckets'
import type { RunningEdge } from '#edge/server'
import {
  MIC_RTP,
  closeSockets,
  collect,
  createRoom,
  joinMeeting,
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

/** Alice in the meeting, receiving, sending her microphone and camera. */
async function aliceInTheMeeting(roomId: string) {
  const alice = await joinMeeting(edge, roomId, { name: 'Alice' })
  const media = await setUpMedia(alice.socket)
  await ok(alice.socket, 'enter')
  await ok(alice.socket, 'sfuEnter')
  const produce = (kind: 'audio' | 'video', rtpParameters: unknown, source: string) =>
    ok<{ id: string }>(alice.socket, 'produce', {
      transportId: media.send.id,
      kind,
      rtpParameters,
      appData: { source },
    })
  const mic = await produce('audio', MIC_RTP, 'mic')
  const cam = await produce('video', webcamRtp(), 'webcam')
  return { ...alice, media, mic, cam, produce }
}

describe('prepare', () => {
  it('readies a peer at its device check without the others seeing it; entering resumes what it prepared', async () => {
    const { id: roomId } = await createRoom()
    const alice = await aliceInTheMeeting(roomId)
    const aliceHeard = { entered: collect(alice.socket, 'peerEntered'), offers: collect(alice.socket, 'newConsumer') }

    const bob = await joinMeeting(edge, roomId, { name: 'Bob' })
    // The join's answer carries the router's capabilities: no getRouterRtpCapabilities round trip.
    expect(bob.joined.routerRtpCapabilities).toEqual(await ok(bob.socket, 'getRouterRtpCapabilities'))
    const offers = collect(bob.socket, 'newConsumer')
    const prepared = await ok<PreparedMedia>(bob.socket, 'prepare', {
      rtpCapabilities: bob.joined.routerRtpCapabilities,
    })
    const bobServer = serverPeer(edge, roomId, bob.joined.peerId)
    expect(
      [...bobServer.transports.values()].map(({ transport, direction }) => [direction, transport.id]).sort(),
    ).toEqual(
      [
        ['recv', prepared.recv.id],
        ['send', prepared.send.id],
      ].sort(),
    )
    expect(prepared.recv).toMatchObject({ iceParameters: expect.any(Object), dtlsParameters: expect.any(Object) })
    expect(prepared.recv.iceCandidates.length).toBeGreaterThan(0)

    // Everything Alice sends is offered to Bob, paused; a producer that comes later too.
    await expect.poll(() => offers.map((offer) => offer.producerId).sort()).toEqual([alice.mic.id, alice.cam.id].sort())
    const screen = await alice.produce('video', webcamRtp(33330000), 'screen')
    await expect.poll(() => offers.length).toBe(3)
    expect(offers.at(-1)).toMatchObject({ producerId: screen.id, peerId: alice.joined.peerId })
    expect([...bobServer.consumers.values()].every((consumer) => consumer.paused)).toBe(true)

    // Bob is nobody Alice sees: not entered, and nothing of his reaches her.
    expect(bobServer).toMatchObject({ visible: false, joining: true })
    const late = await joinMeeting(edge, roomId)
    expect(late.joined.peers.find((peer: Peer) => peer.id === bob.joined.peerId)).toMatchObject({ visible: false })
    expect(aliceHeard.entered).toEqual([])
    expect(aliceHeard.offers).toEqual([])
    expect(bobServer.producers.size).toBe(0)

    // Nor can Bob watch unseen: his consumers stay paused until he enters.
    const video = offers.find((offer: NewConsumer) => offer.producerId === alice.cam.id)!
    expect(await request(bob.socket, 'resumeConsumer', { consumerId: video.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notEntered,
    })
    expect(bobServer.consumers.get(video.id)!.paused).toBe(true)

    // Entering resumes all of it, each video with a key frame asked for, after its resume.
    const videos = [...bobServer.consumers.values()].filter((consumer) => consumer.kind === 'video')
    const pausedWhenAsked: boolean[] = []
    for (const consumer of videos) {
      const real = consumer.requestKeyFrame.bind(consumer)
      vi.spyOn(consumer, 'requestKeyFrame').mockImplementation(() => {
        pausedWhenAsked.push(consumer.paused)
        return real()
      })
    }
    await ok(bob.socket, 'enter')
    expect([...bobServer.consumers.values()].map((consumer) => consumer.paused)).toEqual([false, false, false])
    expect(pausedWhenAsked).toEqual([false, false])
    await expect.poll(() => aliceHeard.entered.map((peer) => peer.id)).toEqual([bob.joined.peerId])
  })

  it('leaves video paused on entering for a peer that listens only', async () => {
    const { id: roomId } = await createRoom()
    await aliceInTheMeeting(roomId)
    const bob = await joinMeeting(edge, roomId, {}, { audioOnly: true })
    const offers = collect(bob.socket, 'newConsumer')
    await ok(bob.socket, 'prepare', { rtpCapabilities: bob.joined.routerRtpCapabilities })
    await expect.poll(() => offers.length).toBe(2)
    await ok(bob.socket, 'enter')
    const consumers = [...serverPeer(edge, roomId, bob.joined.peerId).consumers.values()]
    expect(consumers.map((consumer) => [consumer.kind, consumer.paused]).sort()).toEqual([
      ['audio', false],
      ['video', true],
    ])
  })

  it('needs a joined meeting and well-formed capabilities, holds one transport per direction, and is rate limited', async () => {
    const { id: roomId } = await createRoom()
    const bob = await joinMeeting(edge, roomId)
    expect(await request(bob.socket, 'prepare', { rtpCapabilities: 'all of them' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    expect(await request(bob.socket, 'prepare')).toEqual({ ok: false, error: EDGE_ERRORS.invalidRequest })
    // Preparing again replaces the transports: still one of each direction. The refused requests
    // above took tokens of the bucket too (a request is counted before it is looked at).
    const burst = EVENT_RATES.prepare!.burst
    for (let attempt = 2; attempt < burst; attempt++)
      await ok(bob.socket, 'prepare', { rtpCapabilities: bob.joined.routerRtpCapabilities })
    const transports = serverPeer(edge, roomId, bob.joined.peerId).transports
    expect([...transports.values()].map((entry) => entry.direction).sort()).toEqual(['recv', 'send'])
    expect(await request(bob.socket, 'prepare', { rtpCapabilities: bob.joined.routerRtpCapabilities })).toEqual({
      ok: false,
      error: EDGE_ERRORS.rateLimited,
    })
  })
})
