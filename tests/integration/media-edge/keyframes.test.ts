// Key frames for resumed video consumers, on a real mediasoup worker. A consumer is created paused
// and resumed by its client once the client's own consumer exists; the edge then asks the producer
// for a key frame, after the resume (a paused consumer drops the request), and again after a layer
// choice. A node test cannot complete a WebRTC handshake (see media.test.ts), so the worker never
// forwards the request to a sender here: the spy watches the edge's call on the real consumer.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { NewConsumer } from '#edge/contract/media'
import type { RunningEdge } from '#edge/server'
import {
  MIC_RTP,
  closeSockets,
  collect,
  createRoom,
  joinMeeting,
  ok,
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

async function receiving() {
  const { id: roomId } = await createRoom()
  const alice = await joinMeeting(edge, roomId)
  const bob = await joinMeeting(edge, roomId)
  const aliceMedia = await setUpMedia(alice.socket)
  await setUpMedia(bob.socket)
  const offers = collect(bob.socket, 'newConsumer')
  await ok(bob.socket, 'sfuEnter')
  // In the meeting before Alice sends anything: her consumers reach him paused, for him to resume.
  await ok(bob.socket, 'enter')
  await ok(alice.socket, 'produce', {
    transportId: aliceMedia.send.id,
    kind: 'audio',
    rtpParameters: MIC_RTP,
    appData: { source: 'mic' },
  })
  await ok(alice.socket, 'produce', {
    transportId: aliceMedia.send.id,
    kind: 'video',
    rtpParameters: webcamRtp(),
    appData: { source: 'webcam' },
  })
  await expect.poll(() => offers.length).toBe(2)
  const consumers = serverPeer(edge, roomId, bob.joined.peerId).consumers
  const server = (offer: NewConsumer) => consumers.get(offer.id)!
  return {
    bob,
    video: offers.find((offer) => offer.kind === 'video')!,
    audio: offers.find((offer) => offer.kind === 'audio')!,
    server,
  }
}

describe('key frames for resumed video', () => {
  it('asks for a key frame once a paused video consumer is resumed, after the resume', async () => {
    const { bob, video, server } = await receiving()
    const consumer = server(video)
    expect(consumer.paused).toBe(true)
    const pausedWhenAsked: boolean[] = []
    // Through to the real worker, recording whether the consumer was still paused when asked.
    const real = consumer.requestKeyFrame.bind(consumer)
    const spy = vi.spyOn(consumer, 'requestKeyFrame').mockImplementation(() => {
      pausedWhenAsked.push(consumer.paused)
      return real()
    })
    await ok(bob.socket, 'resumeConsumer', { consumerId: video.id })
    expect(consumer.paused).toBe(false)
    expect(spy).toHaveBeenCalledTimes(1)
    expect(pausedWhenAsked).toEqual([false])

    // A client whose decoder still saw no frame resumes again: another key frame is asked for.
    await ok(bob.socket, 'resumeConsumer', { consumerId: video.id })
    expect(spy).toHaveBeenCalledTimes(2)
  })

  it('asks for a key frame after a layer choice, and never for audio', async () => {
    const { bob, video, audio, server } = await receiving()
    await ok(bob.socket, 'resumeConsumer', { consumerId: video.id })
    const spy = vi.spyOn(server(video), 'requestKeyFrame')
    await ok(bob.socket, 'setConsumerPreferredLayers', { consumerId: video.id, spatialLayer: 0 })
    expect(server(video).preferredLayers).toEqual({ spatialLayer: 0, temporalLayer: 2 })
    expect(spy).toHaveBeenCalledTimes(1)

    const audioSpy = vi.spyOn(server(audio), 'requestKeyFrame')
    await ok(bob.socket, 'resumeConsumer', { consumerId: audio.id })
    expect(server(audio).paused).toBe(false)
    expect(audioSpy).not.toHaveBeenCalled()
  })
})
