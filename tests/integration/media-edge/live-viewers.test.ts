// The live stream's viewer count (viewerCount, room.viewerCountUpdated):
// a real meeting streamed to a real RTMP server, its count read from a local server speaking Twitch's
// Helix API (the third-party service at the network edge). The edge's clock is the test's own for the
// 30 s reads, so the test fires them. Everyone hears the count, late joiners get it; a pause or a stop
// takes it away; a refused token (401) means no count, and the stream goes on.
import { type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { realClock, type Clock } from '#edge/clock'
import { VIEWER_POLL_MS } from '#edge/viewer-count'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { LiveStatus } from '#edge/contract/live'
import type { Peer } from '#edge/contract/peers'
import type { RunningEdge } from '#edge/server'
import { startHelixServer, type HelixServer } from '#tests/support/helix-server'
import { startRtmpServer, type RtmpServer } from '#tests/support/rtmp-server'
import { closeSockets, collect, createRoom, joinMeeting, next, ok, request, startTestEdge } from './harness'
import { sendTestMedia } from './test-media'

const CREDENTIALS = { clientId: 'hearth-test-client', token: 'hearth-test-token' }
let edge: RunningEdge
let rtmp: RtmpServer
let helix: HelixServer
let workDir: string
const senders: ChildProcess[] = []

// The viewer reads' timers wait for the test; every other timer of the edge runs on real time.
const reads: (() => void)[] = []
const clock: Clock = {
  ...realClock,
  setTimeout: (run, ms) => {
    if (ms !== VIEWER_POLL_MS) return realClock.setTimeout(run, ms)
    reads.push(run)
    return run
  },
  clearTimeout: (handle) => {
    const index = reads.indexOf(handle as () => void)
    if (index >= 0) reads.splice(index, 1)
    else realClock.clearTimeout(handle)
  },
}
/** 30 s pass: every pending read runs. */
const thirtySeconds = () => reads.splice(0).forEach((run) => run())

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'hearth-live-viewers-'))
  helix = await startHelixServer({ ...CREDENTIALS })
  // prettier-ignore
  edge = await startTestEdge({ MEDIA_DIR: workDir, RECORDING_DIR: workDir, LIVE_ALLOWED_HOSTS: '127.0.0.1', LIVE_VIEWERS_API_URL: helix.url, LIVE_VIEWERS_CLIENT_ID: CREDENTIALS.clientId, LIVE_VIEWERS_TOKEN: CREDENTIALS.token }, { clock })
  rtmp = await startRtmpServer()
})
afterEach(() => {
  closeSockets()
  for (const sender of senders.splice(0)) sender.kill('SIGKILL')
  helix.credentials.token = CREDENTIALS.token
  helix.live.clear()
})
afterAll(async () => {
  await edge.close()
  await rtmp.close()
  await helix.close()
  await rm(workDir, { recursive: true, force: true })
})

async function liveRoom() {
  const room = await createRoom()
  const host = await joinMeeting(edge, room.id, { isHost: true })
  await ok(host.socket, 'enter')
  const member = await joinMeeting(edge, room.id)
  senders.push(await sendTestMedia(edge, room.id, host.joined.peerId))
  await new Promise((resolve) => setTimeout(resolve, 1000))
  return { room, host, member }
}

describe('the live stream viewer count', () => {
  it('is read from the service while live, every 30 s, sent to everyone and to late joiners; a pause or a stop takes it away', async () => {
    const { room, host, member } = await liveRoom()
    helix.live.set('bookclub', 7)
    const counts = collect(member.socket, 'room.viewerCountUpdated')
    const first = next(member.socket, 'room.viewerCountUpdated')
    await ok(host.socket, 'live:initialize', { url: rtmp.urlFor(`viewers-${room.id}`), channel: 'BookClub' })
    expect(await first).toEqual({ viewerCount: 7 })
    // Twitch's request: the channel's login, the app's client id and its token.
    expect(helix.requests.at(-1)).toMatchObject({
      path: '/helix/streams?user_login=BookClub',
      headers: { 'client-id': CREDENTIALS.clientId, authorization: `Bearer ${CREDENTIALS.token}` },
    })
    const late = await joinMeeting(edge, room.id)
    expect(late.joined.viewerCount).toBe(7)

    helix.live.set('bookclub', 12)
    const twelve = next(member.socket, 'room.viewerCountUpdated')
    thirtySeconds()
    expect(await twelve).toEqual({ viewerCount: 12 })
    // The same count again is not sent again.
    const asked = helix.requests.length
    thirtySeconds()
    await expect.poll(() => helix.requests.length).toBe(asked + 1)
    await expect.poll(() => reads.length).toBe(1)
    // Offline on the service (an empty data): 0.
    helix.live.delete('bookclub')
    const offline = next(member.socket, 'room.viewerCountUpdated')
    thirtySeconds()
    expect(await offline).toEqual({ viewerCount: 0 })

    // Paused: no count and no more reads; resumed: read again at once.
    const gone = next(member.socket, 'room.viewerCountUpdated')
    await ok(host.socket, 'live:pause')
    expect(await gone).toEqual({ viewerCount: null })
    expect(reads).toHaveLength(0)
    expect((await joinMeeting(edge, room.id)).joined.viewerCount).toBeNull()
    helix.live.set('bookclub', 3)
    const back = next(member.socket, 'room.viewerCountUpdated')
    await ok(host.socket, 'live:join')
    expect(await back).toEqual({ viewerCount: 3 })

    const stopped = next(member.socket, 'room.viewerCountUpdated')
    await ok(host.socket, 'live:stop')
    expect(await stopped).toEqual({ viewerCount: null })
    expect(reads).toHaveLength(0)
    expect(counts.map(({ viewerCount }) => viewerCount)).toEqual([7, 12, 0, null, 3, null])
  }, 90_000)

  it('has no count when the service refuses the token (401), and the stream goes on', async () => {
    const { room, host, member } = await liveRoom()
    helix.live.set('bookclub', 5)
    helix.credentials.token = 'another-token'
    const counts = collect(member.socket, 'room.viewerCountUpdated')
    const botSeen = next(member.socket, 'peerJoined', (peer: Peer) => peer.isLive)
    await ok(host.socket, 'live:initialize', { url: rtmp.urlFor(`refused-${room.id}`), channel: 'bookclub' })
    await botSeen
    await expect.poll(() => reads.length).toBe(1)
    thirtySeconds()
    await expect.poll(() => reads.length).toBe(1)
    expect(counts).toEqual([])
    expect((await joinMeeting(edge, room.id)).joined.viewerCount).toBeNull()

    // Fixed: the count comes; revoked while live: it goes, and the stream is still live.
    helix.credentials.token = CREDENTIALS.token
    const five = next(member.socket, 'room.viewerCountUpdated')
    thirtySeconds()
    expect(await five).toEqual({ viewerCount: 5 })
    helix.credentials.token = 'revoked'
    const gone = next(member.socket, 'room.viewerCountUpdated')
    thirtySeconds()
    expect(await gone).toEqual({ viewerCount: null })
    expect(await ok<LiveStatus>(member.socket, 'live:getStreamByRoom')).toEqual({ state: 'joined', error: null })
    await ok(host.socket, 'live:stop')
  }, 90_000)

  it('reads nothing without a channel, and refuses a channel name that is not one', async () => {
    const { room, host } = await liveRoom()
    expect(
      await request(host.socket, 'live:initialize', { url: rtmp.urlFor(`bad-${room.id}`), channel: 'book club/../x' }),
    ).toEqual({ ok: false, error: EDGE_ERRORS.liveChannelInvalid })
    expect(await request(host.socket, 'live:initialize', { url: rtmp.urlFor(`bad-${room.id}`), channel: 42 })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    const asked = helix.requests.length
    await ok(host.socket, 'live:initialize', { url: rtmp.urlFor(`none-${room.id}`), channel: '  ' })
    expect(await ok<LiveStatus>(host.socket, 'live:getStreamByRoom')).toEqual({ state: 'joined', error: null })
    expect(helix.requests.length).toBe(asked)
    expect(reads).toHaveLength(0)
    expect((await joinMeeting(edge, room.id)).joined.viewerCount).toBeNull()
    await ok(host.socket, 'live:stop')
  }, 60_000)
})
