// Captions: a host or co-host turns them on; each microphone's audio goes from
// mediasoup through a PlainTransport into ffmpeg and on to the speech service (here the local
// server of tests/support/speech-server.ts, speaking the hosted service's protocol); everyone gets
// the lines with the speaker's name, and the final ones are kept when a transcript was asked for.
// The audio is real: ffmpeg sends an Opus tone into the meeting as a person's microphone.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { Caption } from '#edge/contract/captions'
import type { RunningEdge } from '#edge/server'
import { MeetingTranscriptLine } from '#models/index'
import { startSpeechServer, type SpeechServer } from '#tests/support/speech-server'
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
} from './harness'

let speech: SpeechServer
let edge: RunningEdge
let silentEdge: RunningEdge
const senders: ChildProcess[] = []

beforeAll(async () => {
  speech = await startSpeechServer()
  edge = await startTestEdge({ SPEECH_API_URL: speech.url, SPEECH_API_KEY: speech.apiKey })
  // No speech service configured.
  silentEdge = await startTestEdge()
})
afterEach(() => {
  closeSockets()
  for (const sender of senders.splice(0)) sender.kill('SIGKILL')
})
afterAll(async () => {
  await Promise.all([edge.close(), silentEdge.close(), speech.close()])
})

/** A person's microphone made of a 440 Hz tone: an Opus producer on a PlainTransport that ffmpeg sends RTP to. */
async function toneMicrophone(roomId: string, peerId: string, seconds: number) {
  const meeting = edge.edge.meetings.get(roomId)!
  const transport = await meeting.producerRouter.createPlainTransport({
    listenInfo: { protocol: 'udp', ip: '127.0.0.1' },
    rtcpMux: true,
    comedia: true,
  })
  const producer = await transport.produce({
    kind: 'audio',
    rtpParameters: MIC_RTP,
    appData: { peerId, source: 'mic' },
  })
  serverPeer(edge, roomId, peerId).producers.set(producer.id, producer as never)
  const sender = spawn('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-af',
    'volume=0.5',
    '-c:a',
    'libopus',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-payload_type',
    '111',
    '-ssrc',
    '11111111',
    '-f',
    'rtp',
    `rtp://127.0.0.1:${transport.tuple.localPort}`,
  ])
  senders.push(sender)
  return { producer, transport, done: new Promise<void>((resolve) => sender.once('exit', () => resolve())) }
}

describe('captions', () => {
  it("turn a microphone's sound into named lines for everyone, keep the final ones as a transcript, and stop", async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const alice = await joinMeeting(edge, roomId, { name: 'Alice Speaker' })
    const mic = await toneMicrophone(roomId, alice.joined.peerId, 5)
    const heardByAlice = collect(alice.socket, 'newTranscription')
    const told = next(alice.socket, 'transcription')

    const state = await ok(host.socket, 'transcribe:start', { language: 'es', transcript: true })
    expect(state).toEqual({ on: true, language: 'es', transcript: true })
    expect(await told).toEqual(state)

    const final = await next(host.socket, 'newTranscription', (caption) => caption.final, 15_000)
    expect(final).toMatchObject({
      peerId: alice.joined.peerId,
      name: 'Alice Speaker',
      text: 'sound for 2 s',
      final: true,
    })
    // The service was asked for what the taps send, in the language chosen.
    const connection = speech.connections.at(-1)!
    expect(Object.fromEntries(connection.query)).toMatchObject({
      encoding: 'linear16',
      sample_rate: '16000',
      channels: '1',
      language: 'es',
    })
    // Interim lines came first, and everyone got the same lines.
    await expect.poll(() => heardByAlice.map((caption) => caption.id)).toContain(final.id)
    expect(heardByAlice.some((caption: Caption) => !caption.final && caption.text === 'sound 1 s')).toBe(true)

    // A late joiner sees captions are on.
    const late = await joinMeeting(edge, roomId)
    expect(late.joined.captions).toEqual(state)

    await mic.done
    const off = next(alice.socket, 'transcription')
    await ok(host.socket, 'transcribe:stop')
    expect(await off).toEqual({ on: false })
    // Stopping flushed the stream (CloseStream) and its last line was kept.
    expect(connection.closedByClient).toBe(true)
    const lines = await MeetingTranscriptLine.findAll({
      where: { meetingRoomId: host.joined.meetingRoomId },
      order: [['spokenAt', 'ASC']],
    })
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines[0]).toMatchObject({ peerId: alice.joined.peerId, name: 'Alice Speaker', text: 'sound for 2 s' })
    expect(lines.every((line) => line.userId === serverPeer(edge, roomId, alice.joined.peerId).userId)).toBe(true)
    expect((await joinMeeting(edge, roomId)).joined.captions).toEqual({ on: false })
  })

  it('without a transcript nothing is kept, and a microphone produced later is listened to as well', async () => {
    const { id: roomId } = await createRoom()
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    const bob = await joinMeeting(edge, roomId, { name: 'Bob' })
    const before = speech.connections.length
    const mic = await toneMicrophone(roomId, bob.joined.peerId, 6)
    const spoken = next(coHost.socket, 'newTranscription', (caption) => caption.final, 15_000)
    await ok(coHost.socket, 'transcribe:start', { language: 'en', transcript: false })
    // The tone producer was added behind the meeting's back; a microphone produced the normal way, later, is listened to too.
    const carol = await joinMeeting(edge, roomId, { name: 'Carol' })
    const { send } = await setUpMedia(carol.socket)
    await ok(carol.socket, 'produce', {
      transportId: send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    await expect.poll(() => speech.connections.length).toBe(before + 2)
    expect(await spoken).toMatchObject({ name: 'Bob', final: true })
    await mic.done
    await ok(coHost.socket, 'transcribe:stop')
    expect(await MeetingTranscriptLine.count({ where: { meetingRoomId: coHost.joined.meetingRoomId } })).toBe(0)
  })

  it('are for hosts and co-hosts only, follow the toolbar switches, need a speech service, and refuse bad payloads', async () => {
    const { id: roomId } = await createRoom()
    const plain = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true })
    const start = { language: 'en', transcript: false }
    expect(await request(plain.socket, 'transcribe:start', start)).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(await request(plain.socket, 'transcribe:stop')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })

    const noCaptions = await joinMeeting(edge, roomId, {
      isHost: true,
      controls: { ...ALL_CONTROLS, closedCaption: false },
    })
    expect(await request(noCaptions.socket, 'transcribe:start', start)).toEqual({
      ok: false,
      error: EDGE_ERRORS.captionsOff,
    })
    const noTranscripts = await joinMeeting(edge, roomId, {
      isHost: true,
      controls: { ...ALL_CONTROLS, transcribe: false },
    })
    expect(await request(noTranscripts.socket, 'transcribe:start', { language: 'en', transcript: true })).toEqual({
      ok: false,
      error: EDGE_ERRORS.transcriptOff,
    })

    const host = await joinMeeting(edge, roomId, { isHost: true })
    for (const payload of [undefined, { language: 'fr', transcript: false }, { language: 'en', transcript: 'yes' }]) {
      expect(await request(host.socket, 'transcribe:start', payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    expect(edge.edge.meetings.get(roomId)!.captions).toBeNull()
    // Each start taps every microphone: past the burst, the host waits.
    expect(await request(host.socket, 'transcribe:start', start)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })

    const { id: otherRoom } = await createRoom()
    const elsewhere = await joinMeeting(silentEdge, otherRoom, { isHost: true })
    expect(await request(elsewhere.socket, 'transcribe:start', start)).toEqual({
      ok: false,
      error: EDGE_ERRORS.captionsUnavailable,
    })
  })
})
