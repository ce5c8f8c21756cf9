// Recording: a real meeting recorded by the edge's ffmpeg through
// PlainTransports, the file checked with ffprobe and found in the host's media library; the
// recorder bot seen by everyone (late joiners too); the right checked on the edge; the product's
// error text when ffmpeg cannot start. Every voice is recorded: two people's tones (one speaking
// only after the start, one muted partway) are both found in the file, each when it was heard, and
// the file lasts as long as the recording ran (a muted microphone sends nothing: no stall).
import { execFile, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Media } from '#models/index'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { Peer } from '#edge/contract/peers'
import type { RunningEdge } from '#edge/server'
import { makeUser } from '#tests/support/factories'
import {
  ALL_CONTROLS,
  closeSockets,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  serverPeer,
  startTestEdge,
} from './harness'
import { sendTestMedia, type TestMediaOptions } from './test-media'
import { decodeAudio, heardTones } from './tones'

const run = promisify(execFile)
let edge: RunningEdge
let mediaDir: string
const senders: ChildProcess[] = []

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'hearth-media-'))
  edge = await startTestEdge({ MEDIA_DIR: mediaDir, RECORDING_DIR: join(mediaDir, 'recording') })
})
afterEach(() => {
  closeSockets()
  for (const sender of senders.splice(0)) sender.kill('SIGKILL')
})
afterAll(async () => {
  await edge.close()
  await rm(mediaDir, { recursive: true, force: true })
})

/** A room with a signed-in host (the library's rows belong to a real user in the room's community). */
async function hostedRoom() {
  const room = await createRoom()
  const user = await makeUser()
  const host = await joinMeeting(edge, room.id, { isHost: true, userId: user.id, brandId: room.brandId })
  await ok(host.socket, 'enter')
  return { room, user, host }
}

async function sendMedia(roomId: string, peerId: string, options?: TestMediaOptions) {
  senders.push(await sendTestMedia(edge, roomId, peerId, options))
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('recording', () => {
  it("records the meeting into the host's media library: a file with decodable audio and video", async () => {
    const { room, user, host } = await hostedRoom()
    const guest = await joinMeeting(edge, room.id)
    await sendMedia(room.id, host.joined.peerId)
    await pause(1000)

    const botSeen = next(guest.socket, 'peerJoined', (peer: Peer) => peer.isRecorder)
    await ok(host.socket, 'recorder:start')
    const bot = await botSeen
    expect(bot).toMatchObject({ isRecorder: true, visible: true })
    // A late joiner sees the meeting is recorded.
    const late = await joinMeeting(edge, room.id)
    expect(late.joined.peers.filter((peer) => peer.isRecorder).map((peer) => peer.id)).toEqual([bot.id])

    await pause(4000)
    const botLeft = next(guest.socket, 'peerLeft', ({ peerId }) => peerId === bot.id)
    const { mediaId } = await ok<{ mediaId: string | null }>(host.socket, 'recorder:stop')
    await botLeft
    expect(mediaId).toBeTruthy()

    const item = await Media.findByPk(mediaId!, { rejectOnEmpty: true })
    expect(item).toMatchObject({ brandId: room.brandId, userId: user.id, kind: 'video', contentType: 'video/webm' })
    expect(item.name).toMatch(/^rec-\d{8}-\d{6}\.webm$/)
    const path = join(mediaDir, ...item.storageKey.split('/'))
    expect((await stat(path)).size).toBe(item.size)

    // ffprobe decodes every frame to count it (-count_frames) and reports any decoding error.
    const { stdout, stderr } = await run('ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-show_entries',
      'stream=codec_type,codec_name,nb_read_frames:format=duration',
      '-of',
      'json',
      path,
    ])
    expect(stderr.trim()).toBe('')
    const probe = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string; nb_read_frames: string }[]
      format: { duration: string }
    }
    const streams = Object.fromEntries(probe.streams.map((stream) => [stream.codec_type, stream]))
    expect(streams.video).toMatchObject({ codec_name: 'vp8' })
    expect(streams.audio).toMatchObject({ codec_name: 'opus' })
    // About four seconds at 15 frames a second (and 50 Opus frames a second), every one decoded.
    expect(Number(streams.video!.nb_read_frames)).toBeGreaterThan(30)
    expect(Number(streams.audio!.nb_read_frames)).toBeGreaterThan(100)
    expect(Number(probe.format.duration)).toBeGreaterThan(2.5)
  }, 30_000)

  it('records every voice: one who speaks only after the start, one muted partway, each heard when they spoke, and no stall', async () => {
    const { room, user, host } = await hostedRoom()
    const guest = await joinMeeting(edge, room.id)
    await sendMedia(room.id, host.joined.peerId, { frequency: 440 })
    await pause(1000)

    await ok(host.socket, 'recorder:start')
    const startedAt = Date.now()
    const at = (seconds: number) => pause(Math.max(0, startedAt + seconds * 1000 - Date.now()))
    // The guest's microphone appears after the recording started (an audio-only guest: no camera).
    await at(1.5)
    await sendMedia(room.id, guest.joined.peerId, { frequency: 880, video: false })
    // The host is muted the way the edge mutes (the producer paused: no RTP at all), then unmuted.
    const hostMic = serverPeer(edge, room.id, host.joined.peerId).producerOf('mic')!
    await at(4)
    await hostMic.pause()
    await at(6.5)
    await hostMic.resume()
    await at(9)
    const { mediaId } = await ok<{ mediaId: string | null }>(host.socket, 'recorder:stop')
    const ranFor = (Date.now() - startedAt) / 1000

    const item = await Media.findByPk(mediaId!, { rejectOnEmpty: true })
    expect(item).toMatchObject({ userId: user.id, contentType: 'video/webm' })
    const path = join(mediaDir, ...item.storageKey.split('/'))
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,channels:format=duration',
      '-of',
      'json',
      path,
    ])
    const probe = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string }[]
      format: { duration: string }
    }
    expect(probe.streams.map((stream) => [stream.codec_type, stream.codec_name]).sort()).toEqual([
      ['audio', 'opus'],
      ['video', 'vp8'],
    ])
    // As long as the recording ran (an input that stalls would cut it short), give or take start and stop.
    expect(Number(probe.format.duration)).toBeGreaterThan(ranFor - 1.5)
    expect(Number(probe.format.duration)).toBeLessThan(ranFor + 1)

    // The windows keep clear of the changes (a tap starts within about 0.3 s).
    const samples = await decodeAudio(path)
    expect(samples.length / 8000).toBeGreaterThan(ranFor - 1.5)
    const heard = (from: number, to: number) => heardTones(samples, from, to)
    expect(heard(0.3, 1.3)).toEqual({ host: true, guest: false })
    expect(heard(2.8, 3.8)).toEqual({ host: true, guest: true })
    expect(heard(4.8, 6.2)).toEqual({ host: false, guest: true })
    expect(heard(7.5, 8.5)).toEqual({ host: true, guest: true })
  }, 40_000)

  it('records microphones without a camera as a WebM of the voices alone, going on when one leaves and nobody speaks', async () => {
    const { room, host } = await hostedRoom()
    const guest = await joinMeeting(edge, room.id)
    await sendMedia(room.id, host.joined.peerId, { frequency: 440, video: false })
    await sendMedia(room.id, guest.joined.peerId, { frequency: 880, video: false })
    await pause(500)
    await ok(host.socket, 'recorder:start')
    const startedAt = Date.now()
    const at = (seconds: number) => pause(Math.max(0, startedAt + seconds * 1000 - Date.now()))
    // The guest leaves (their microphone closes), then the host is muted: nobody speaks at the end.
    await at(2)
    serverPeer(edge, room.id, guest.joined.peerId).producerOf('mic')!.close()
    await ok(guest.socket, 'leave')
    await at(3.5)
    await serverPeer(edge, room.id, host.joined.peerId).producerOf('mic')!.pause()
    await at(6)
    const { mediaId } = await ok<{ mediaId: string | null }>(host.socket, 'recorder:stop')
    const ranFor = (Date.now() - startedAt) / 1000

    const item = await Media.findByPk(mediaId!, { rejectOnEmpty: true })
    expect(item).toMatchObject({ contentType: 'video/webm' })
    const path = join(mediaDir, ...item.storageKey.split('/'))
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name:format=duration',
      '-of',
      'json',
      path,
    ])
    const probe = JSON.parse(stdout) as { streams: unknown[]; format: { duration: string } }
    expect(probe.streams).toEqual([expect.objectContaining({ codec_type: 'audio', codec_name: 'opus' })])
    expect(Number(probe.format.duration)).toBeGreaterThan(ranFor - 1.5)
    expect(Number(probe.format.duration)).toBeLessThan(ranFor + 1)
    const samples = await decodeAudio(path)
    const heard = (from: number, to: number) => heardTones(samples, from, to)
    expect(heard(0.6, 1.6)).toEqual({ host: true, guest: true })
    expect(heard(2.5, 3.3)).toEqual({ host: true, guest: false })
    expect(heard(4, 5.5)).toEqual({ host: false, guest: false })
  }, 30_000)

  it('refuses everyone but the host and co-hosts (whatever their peer data says), and the recorder bot cannot be kicked', async () => {
    const { room, host } = await hostedRoom()
    const plain = await joinMeeting(edge, room.id, {}, { isHost: true, isCoHost: true })
    const coHost = await joinMeeting(edge, room.id, {
      isCoHost: true,
      userId: (await makeUser()).id,
      brandId: room.brandId,
    })
    await sendMedia(room.id, host.joined.peerId)
    await pause(1000)

    expect(await request(plain.socket, 'recorder:start')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(await request(plain.socket, 'recorder:stop')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(edge.edge.meetings.get(room.id)!.peers.size).toBe(3)

    await ok(coHost.socket, 'recorder:start')
    const meeting = edge.edge.meetings.get(room.id)!
    const bot = [...meeting.peers.values()].find((peer) => peer.isRecorder)!
    // The bot is nobody to kick: a recording stops with recorder:stop, so its file is kept.
    expect(await request(host.socket, 'kickPeer', { peerId: bot.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(await request(plain.socket, 'recorder:stop')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(meeting.peers.has(bot.id)).toBe(true)
    // ffmpeg opens the file once it has seen both streams (a key frame included): give it time on a busy machine.
    await pause(3000)
    expect((await ok<{ mediaId: string | null }>(host.socket, 'recorder:stop')).mediaId).toBeTruthy()
    // Stopping again has nothing to stop.
    expect(await ok(host.socket, 'recorder:stop')).toEqual({ mediaId: null })
  }, 30_000)

  it('refuses when the community turned recording off, and when there is nothing to record', async () => {
    const room = await createRoom()
    const off = await joinMeeting(edge, room.id, { isHost: true, controls: { ...ALL_CONTROLS, recording: false } })
    expect(await request(off.socket, 'recorder:start')).toEqual({ ok: false, error: EDGE_ERRORS.recordingOff })
    const on = await joinMeeting(edge, room.id, { isHost: true })
    expect(await request(on.socket, 'recorder:start')).toEqual({ ok: false, error: EDGE_ERRORS.recordingFailed })
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isRecorder)).toBe(false)
  })

  it('refuses before joining and past its rate', async () => {
    const { room, host } = await hostedRoom()
    const { socket } = await joinMeeting(edge, room.id, { isHost: true })
    await ok(socket, 'leave')
    expect(await request(socket, 'recorder:start')).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
    const answers = await Promise.all(Array.from({ length: 4 }, () => request(host.socket, 'recorder:stop')))
    expect(answers.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
  })

  it('keeps what was recorded when the last person leaves', async () => {
    const { room, user, host } = await hostedRoom()
    await sendMedia(room.id, host.joined.peerId)
    await pause(1000)
    await ok(host.socket, 'recorder:start')
    await pause(3000)
    const before = await Media.count({ where: { userId: user.id } })
    await ok(host.socket, 'leave')
    expect(edge.edge.meetings.has(room.id)).toBe(false)
    expect(await Media.count({ where: { userId: user.id } })).toBe(before + 1)
  }, 30_000)
})

describe('the recorder failing to start', () => {
  let broken: RunningEdge
  beforeAll(async () => {
    broken = await startTestEdge({
      MEDIA_DIR: mediaDir,
      RECORDING_DIR: join(mediaDir, 'broken'),
      FFMPEG_PATH: join(mediaDir, 'no-such-ffmpeg'),
    })
  })
  afterAll(() => broken.close())

  it("answers with the spec's text, tells the room the trigger ended, and no recorder joins", async () => {
    const room = await createRoom()
    const host = await joinMeeting(broken, room.id, { isHost: true })
    const other = await joinMeeting(broken, room.id)
    const [main] = await broken.edge.meetings.get(room.id)!.routers()
    const transport = await main!.router.createPlainTransport({
      listenInfo: { protocol: 'udp', ip: '127.0.0.1' },
      comedia: true,
    })
    const producer = await transport.produce({
      kind: 'audio',
      rtpParameters: {
        codecs: [{ mimeType: 'audio/opus', payloadType: 100, clockRate: 48000, channels: 2 }],
        encodings: [{ ssrc: 1234 }],
      },
      appData: { peerId: host.joined.peerId, source: 'mic' },
    })
    serverPeer(broken, room.id, host.joined.peerId).producers.set(producer.id, producer as never)

    const triggered = next(other.socket, 'recorderTriggered', ({ triggered }) => triggered)
    const ended = next(other.socket, 'recorderTriggered', ({ triggered }) => !triggered)
    expect(await request(host.socket, 'recorder:start')).toEqual({ ok: false, error: EDGE_ERRORS.recorderFailed })
    await triggered
    await ended
    expect([...broken.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isRecorder)).toBe(false)
    // Nothing is left holding the router: the recorder's transports closed with the failure.
    expect((await main!.router.dump()).transportIds).toEqual([transport.id])
  })
})
