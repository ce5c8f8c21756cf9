// Live streaming: a real meeting streamed by the edge's ffmpeg to a real RTMP
// server (node-media-server), which saw the publish and plays back H.264 and AAC to ffprobe; the live
// bot and the state seen by everyone (late joiners too); the right checked on the edge; bad
// addresses, the community's switch, the rate; the server refusing or saying nothing, never shown live. Pause
// and resume (live:pause, live:join): the server sees the publish end and come back on the same
// path, the address is kept by the edge only, and the same rights and refusals. Every voice goes
// out: a second person's tone, started after the stream went live, is heard with the host's, and
// the stream goes on (the guest still heard) while the host is muted.
import { execFile, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { LiveStatus } from '#edge/contract/live'
import type { Peer } from '#edge/contract/peers'
import type { RunningEdge } from '#edge/server'
import { freeTcpPort, startRtmpServer, type RtmpServer } from '#tests/support/rtmp-server'
import {
  ALL_CONTROLS,
  closeSockets,
  collect,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  serverPeer,
  startTestEdge,
} from './harness'
import { sendTestMedia } from './test-media'
import { decodeAudio, TONE_RATE, toneAmplitude } from './tones'

const run = promisify(execFile)
let edge: RunningEdge
let rtmp: RtmpServer
let workDir: string
const senders: ChildProcess[] = []

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'hearth-live-'))
  // The test's RTMP server is on loopback, which an edge streams to only when its operator lists it (docs/security.md).
  edge = await startTestEdge({ MEDIA_DIR: workDir, RECORDING_DIR: workDir, LIVE_ALLOWED_HOSTS: '127.0.0.1' })
  rtmp = await startRtmpServer()
})
afterEach(() => {
  closeSockets()
  for (const sender of senders.splice(0)) sender.kill('SIGKILL')
})
afterAll(async () => {
  await edge.close()
  await rtmp.close()
  await rm(workDir, { recursive: true, force: true })
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A room whose host sends a picture and a tone, and a plain member watching. */
async function liveRoom(hostClaims = {}) {
  const room = await createRoom()
  const host = await joinMeeting(edge, room.id, { isHost: true, ...hostClaims })
  await ok(host.socket, 'enter')
  const member = await joinMeeting(edge, room.id)
  senders.push(await sendTestMedia(edge, room.id, host.joined.peerId))
  await pause(1000)
  return { room, host, member }
}

describe('live streaming', () => {
  it('streams the meeting to the RTMP server as H.264 and AAC, with a live bot and the state for everyone', async () => {
    const { room, host, member } = await liveRoom()
    const key = `key-${room.id}`
    const states = collect(member.socket, 'live.updated')
    const botSeen = next(member.socket, 'peerJoined', (peer: Peer) => peer.isLive)
    await ok(host.socket, 'live:initialize', { url: `rtmp://127.0.0.1:${rtmp.port}/live`, streamKey: key })
    // Live means the service has it: the publish came before the answer, the bot and the joined state.
    expect(rtmp.publishing()).toContain(`/live/${key}`)
    const bot = await botSeen
    expect(bot).toMatchObject({ isLive: true, isRecorder: false, visible: true })
    expect(await ok<LiveStatus>(member.socket, 'live:getStreamByRoom')).toEqual({ state: 'joined', error: null })
    // A late joiner sees the stream and its bot.
    const late = await joinMeeting(edge, room.id)
    expect(late.joined.live).toEqual({ state: 'joined', error: null })
    // No viewer count service is configured on this edge: no count, rather than a made-up one.
    expect(late.joined.viewerCount).toBeNull()
    expect(late.joined.peers.filter((peer) => peer.isLive).map((peer) => peer.id)).toEqual([bot.id])

    // The server plays back both streams, decodable.
    // prettier-ignore
    const { stdout } = await run('ffprobe', ['-v', 'error', '-rw_timeout', '10000000', '-read_intervals', '%+3', '-count_frames', '-show_entries', 'stream=codec_type,codec_name,nb_read_frames', '-of', 'json', rtmp.urlFor(key)], { timeout: 20_000 })
    const streams = Object.fromEntries(
      (
        JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; nb_read_frames: string }[] }
      ).streams.map((stream) => [stream.codec_type, stream]),
    )
    expect(streams.video).toMatchObject({ codec_name: 'h264' })
    expect(streams.audio).toMatchObject({ codec_name: 'aac' })
    expect(Number(streams.video!.nb_read_frames)).toBeGreaterThan(10)
    expect(Number(streams.audio!.nb_read_frames)).toBeGreaterThan(10)

    const botLeft = next(member.socket, 'peerLeft', ({ peerId }) => peerId === bot.id)
    const idle = next(member.socket, 'live.updated', (status) => status.state === 'idle')
    await ok(host.socket, 'live:stop')
    await botLeft
    await idle
    // ffmpeg ended the stream: the server's publisher hung up.
    await expect.poll(() => rtmp.publishing(), { timeout: 5000, interval: 100 }).not.toContain(`/live/${key}`)
    expect(states.map((status) => status.state)).toEqual(['joining', 'joined', 'stopping', 'idle'])
    expect(states.at(-1)).toEqual({ state: 'idle', error: null })
    expect(await ok<LiveStatus>(late.socket, 'live:getStreamByRoom')).toEqual({ state: 'idle', error: null })
    // Stopping again has nothing to stop.
    await ok(host.socket, 'live:stop')
  }, 60_000)

  it('streams every voice: a guest who speaks after the start is heard with the host, and alone while the host is muted', async () => {
    const { room, host, member } = await liveRoom()
    const key = `voices-${room.id}`
    await ok(host.socket, 'live:initialize', { url: `rtmp://127.0.0.1:${rtmp.port}/live`, streamKey: key })
    await expect.poll(() => rtmp.published, { timeout: 15_000, interval: 250 }).toContain(`/live/${key}`)
    senders.push(await sendTestMedia(edge, room.id, member.joined.peerId, { frequency: 880, video: false }))
    // A tone heard measures about 0.09 (test-media.ts's sine, stereo to mono), one not heard under
    // 0.01. The guest's voice joins the stream once their microphone is tapped (under a second, more
    // on a busy machine): read two seconds at a time until the last one holds both.
    const lastSecond = async (seconds: number) => {
      const samples = await decodeAudio(rtmp.urlFor(key), ['-rw_timeout', '10000000', '-t', String(seconds)])
      const end = samples.length / TONE_RATE
      return {
        seconds: end,
        host: toneAmplitude(samples, 440, end - 1, end),
        guest: toneAmplitude(samples, 880, end - 1, end),
      }
    }
    await expect
      .poll(() => lastSecond(2), { timeout: 30_000, interval: 0 })
      .toMatchObject({
        host: expect.toSatisfy((level: number) => level > 0.04),
        guest: expect.toSatisfy((level: number) => level > 0.04),
      })

    // The host muted the way the edge mutes (no RTP at all): the stream goes on with the guest alone.
    await serverPeer(edge, room.id, host.joined.peerId).producerOf('mic')!.pause()
    await pause(1000)
    // Four seconds keep coming (no stall); the last is past anything the server kept from before.
    const guestOnly = await lastSecond(4)
    expect(guestOnly.seconds).toBeGreaterThan(3.5)
    expect(guestOnly.host).toBeLessThan(0.02)
    expect(guestOnly.guest).toBeGreaterThan(0.04)
    await ok(host.socket, 'live:stop')
  }, 60_000)

  it('refuses everyone but the host and co-hosts (whatever their peer data says); the live bot cannot be kicked', async () => {
    const { room, host } = await liveRoom()
    const plain = await joinMeeting(edge, room.id, {}, { isHost: true, isCoHost: true })
    const url = rtmp.urlFor(`co-${room.id}`)
    expect(await request(plain.socket, 'live:initialize', { url })).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(await request(plain.socket, 'live:stop')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isLive)).toBe(false)

    const coHost = await joinMeeting(edge, room.id, { isCoHost: true })
    await ok(coHost.socket, 'live:initialize', { url })
    const bot = [...edge.edge.meetings.get(room.id)!.peers.values()].find((peer) => peer.isLive)!
    expect(await request(host.socket, 'kickPeer', { peerId: bot.id })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(await request(plain.socket, 'live:stop')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    // Starting again while live is not an error, and starts nothing more.
    await ok(host.socket, 'live:initialize', { url })
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].filter((peer) => peer.isLive)).toHaveLength(1)
    await ok(host.socket, 'live:stop')
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isLive)).toBe(false)
  }, 60_000)

  it('refuses bad addresses, the community turning live off, and a meeting with nothing to stream', async () => {
    const room = await createRoom()
    // A host's socket per request: live:initialize allows three in a row (tests/unit has every bad address).
    const asHost = async (payload: unknown) =>
      request((await joinMeeting(edge, room.id, { isHost: true })).socket, 'live:initialize', payload)
    for (const payload of [
      { url: 'file:///etc/passwd' },
      { url: 'rtmp://127.0.0.1' },
      { url: 'rtmp://127.0.0.1/live', streamKey: 'a b' },
    ]) {
      expect(await asHost(payload), JSON.stringify(payload)).toEqual({ ok: false, error: EDGE_ERRORS.liveUrlInvalid })
    }
    for (const payload of [undefined, {}, { url: 42 }, { url: 'rtmp://127.0.0.1/live', streamKey: 'k'.repeat(600) }]) {
      expect(await asHost(payload), JSON.stringify(payload)).toEqual({ ok: false, error: EDGE_ERRORS.invalidRequest })
    }
    expect(await asHost({ url: rtmp.urlFor('nothing') })).toEqual({ ok: false, error: EDGE_ERRORS.liveNoMedia })
    const host = await joinMeeting(edge, room.id, { isHost: true })

    const off = await joinMeeting(edge, room.id, { isHost: true, controls: { ...ALL_CONTROLS, live: false } })
    expect(await request(off.socket, 'live:initialize', { url: rtmp.urlFor('off') })).toEqual({
      ok: false,
      error: EDGE_ERRORS.liveOff,
    })
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'idle', error: null })
  })

  it('refuses before joining and past its rate', async () => {
    const room = await createRoom()
    const host = await joinMeeting(edge, room.id, { isHost: true })
    const { socket } = await joinMeeting(edge, room.id, { isHost: true })
    await ok(socket, 'leave')
    for (const event of ['live:initialize', 'live:stop', 'live:getStreamByRoom'] as const) {
      expect(await request(socket, event, event === 'live:initialize' ? { url: rtmp.urlFor('x') } : undefined)).toEqual(
        { ok: false, error: EDGE_ERRORS.notJoined },
      )
    }
    const stops = await Promise.all(Array.from({ length: 4 }, () => request(host.socket, 'live:stop')))
    expect(stops.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
    const reads = await Promise.all(Array.from({ length: 6 }, () => request(host.socket, 'live:getStreamByRoom')))
    expect(reads.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
  })

  it('tells everyone when the RTMP server refuses the stream, and goes back to idle', async () => {
    const { room, host, member } = await liveRoom()
    const refused = next(member.socket, 'live.updated', (status) => status.state === 'idle')
    const states = collect(member.socket, 'live.updated')
    // Nothing listens there: ffmpeg cannot connect once it has read the meeting's media.
    const closedPort = await freeTcpPort()
    const started = await request(host.socket, 'live:initialize', {
      url: `rtmp://127.0.0.1:${closedPort}/live/refused`,
    })
    expect(await refused).toEqual({ state: 'idle', error: EDGE_ERRORS.liveFailed })
    // Never live: the host is told at once, and nobody ever heard `joined`.
    expect(started).toEqual({ ok: false, error: EDGE_ERRORS.liveFailed })
    expect(states.map((status) => status.state)).toEqual(['joining', 'idle'])
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isLive)).toBe(false)
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'idle', error: null })
  }, 60_000)

  it('is never live on a service that takes the connection and says nothing: the start fails after its deadline', async () => {
    const { host, member } = await liveRoom()
    const silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const states = collect(member.socket, 'live.updated')
      const failed = next(member.socket, 'live.updated', (status) => status.state === 'idle', 45_000)
      const { port } = silent.address() as AddressInfo
      const started = await request(host.socket, 'live:initialize', { url: `rtmp://127.0.0.1:${port}/live/quiet` })
      expect(started).toEqual({ ok: false, error: EDGE_ERRORS.liveFailed })
      expect(await failed).toEqual({ state: 'idle', error: EDGE_ERRORS.liveFailed })
      expect(states.map((status) => status.state)).toEqual(['joining', 'idle'])
    } finally {
      silent.close()
    }
  }, 60_000)

  it('pauses (the publish ends, the bot leaves, the room is pausing) and resumes to the same path; a stop from pausing forgets the address', async () => {
    const { room, host, member } = await liveRoom()
    const key = `pause-${room.id}`
    const path = `/live/${key}`
    const states = collect(member.socket, 'live.updated')
    const coHost = await joinMeeting(edge, room.id, { isCoHost: true })
    const botSeen = next(member.socket, 'peerJoined', (peer: Peer) => peer.isLive)
    await ok(host.socket, 'live:initialize', { url: `rtmp://127.0.0.1:${rtmp.port}/live`, streamKey: key })
    // Live means the service has it: the publish came before the answer, the bot and the joined state.
    expect(rtmp.publishing()).toContain(`/live/${key}`)
    const bot = await botSeen
    await expect.poll(() => rtmp.publishing(), { timeout: 15_000, interval: 250 }).toContain(path)

    const botLeft = next(member.socket, 'peerLeft', ({ peerId }) => peerId === bot.id)
    await ok(host.socket, 'live:pause')
    await botLeft
    // ffmpeg ends its push cleanly (the answer does not wait for it): the server's publisher hangs up; the edge holds
    // the room paused.
    await expect.poll(() => rtmp.publishing(), { timeout: 12_000, interval: 100 }).not.toContain(path)
    expect(await ok<LiveStatus>(member.socket, 'live:getStreamByRoom')).toEqual({ state: 'pausing', error: null })
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isLive)).toBe(false)
    const late = await joinMeeting(edge, room.id)
    expect(late.joined.live).toEqual({ state: 'pausing', error: null })
    // Pausing again, or going live again while paused, changes nothing.
    await ok(host.socket, 'live:pause')
    await ok(host.socket, 'live:initialize', { url: rtmp.urlFor(`other-${room.id}`) })
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'pausing', error: null })
    expect(rtmp.published.filter((published) => published === path)).toHaveLength(1)

    // A co-host resumes: ffmpeg publishes again to the kept address, the bot comes back.
    const botBack = next(member.socket, 'peerJoined', (peer: Peer) => peer.isLive)
    await ok(coHost.socket, 'live:join')
    await botBack
    expect(await ok<LiveStatus>(member.socket, 'live:getStreamByRoom')).toEqual({ state: 'joined', error: null })
    await expect.poll(() => rtmp.publishing(), { timeout: 15_000, interval: 250 }).toContain(path)
    expect(rtmp.published.filter((published) => published === path)).toHaveLength(2)
    expect(rtmp.published.some((published) => published.includes('other-'))).toBe(false)
    // Resuming a stream that is live is not an error.
    await ok(host.socket, 'live:join')

    await ok(coHost.socket, 'live:pause')
    await expect.poll(() => rtmp.publishing(), { timeout: 12_000, interval: 100 }).not.toContain(path)
    await ok(host.socket, 'live:stop')
    expect(await ok<LiveStatus>(member.socket, 'live:getStreamByRoom')).toEqual({ state: 'idle', error: null })
    // The address is gone with the stream: nothing to resume.
    expect(await request(host.socket, 'live:join')).toEqual({ ok: false, error: EDGE_ERRORS.liveNotPaused })
    expect(rtmp.published.filter((published) => published === path)).toHaveLength(2)
    expect(states.map((status) => status.state)).toEqual([
      'joining',
      'joined',
      'pausing',
      'joining',
      'joined',
      'pausing',
      'stopping',
      'idle',
    ])
    // Nobody is ever sent the address or its key.
    expect(JSON.stringify(states)).not.toContain(key)
    expect(JSON.stringify(late.joined)).not.toContain(key)
  }, 90_000)

  it('refuses pause and resume to everyone but the host and co-hosts (whatever their peer data says), bad payloads, and the wrong state', async () => {
    const { room, host } = await liveRoom()
    const plain = await joinMeeting(edge, room.id, {}, { isHost: true, isCoHost: true })
    // Nothing streams yet.
    expect(await request(host.socket, 'live:pause')).toEqual({ ok: false, error: EDGE_ERRORS.liveNotStreaming })
    expect(await request(host.socket, 'live:join')).toEqual({ ok: false, error: EDGE_ERRORS.liveNotPaused })

    const coHost = await joinMeeting(edge, room.id, { isCoHost: true })
    await ok(coHost.socket, 'live:initialize', { url: rtmp.urlFor(`refusals-${room.id}`) })
    expect(await request(plain.socket, 'live:pause')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(await ok<LiveStatus>(plain.socket, 'live:getStreamByRoom')).toEqual({ state: 'joined', error: null })
    await ok(coHost.socket, 'live:pause')
    expect(await request(plain.socket, 'live:join')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    expect(await request(plain.socket, 'live:stop')).toEqual({ ok: false, error: EDGE_ERRORS.forbidden })
    // Resume takes no payload: it always goes to the kept address. (A fresh socket: three a socket at once.)
    const other = await joinMeeting(edge, room.id, { isHost: true })
    for (const payload of [42, 'rtmp://127.0.0.1/live/x', { url: rtmp.urlFor('elsewhere') }]) {
      expect(await request(other.socket, 'live:join', payload), JSON.stringify(payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    for (const payload of [42, { streamKey: 'x' }]) {
      expect(await request(coHost.socket, 'live:pause', payload), JSON.stringify(payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    // The community turned live off: no resuming; pausing (again, not an error) and ending still work.
    const off = await joinMeeting(edge, room.id, { isHost: true, controls: { ...ALL_CONTROLS, live: false } })
    expect(await request(off.socket, 'live:join')).toEqual({ ok: false, error: EDGE_ERRORS.liveOff })
    await ok(off.socket, 'live:pause')
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'pausing', error: null })
    expect([...edge.edge.meetings.get(room.id)!.peers.values()].some((peer) => peer.isLive)).toBe(false)
    await ok(off.socket, 'live:stop')
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'idle', error: null })
  }, 60_000)

  it('refuses pause and resume before joining and past their rate', async () => {
    const room = await createRoom()
    const host = await joinMeeting(edge, room.id, { isHost: true })
    const { socket } = await joinMeeting(edge, room.id, { isHost: true })
    await ok(socket, 'leave')
    for (const event of ['live:pause', 'live:join'] as const) {
      expect(await request(socket, event)).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
      const answers = await Promise.all(Array.from({ length: 4 }, () => request(host.socket, event)))
      expect(answers.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
    }
  })
})
