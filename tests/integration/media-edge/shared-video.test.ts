// Shared video: a YouTube or Vimeo link, normalised on the edge; only its owner
// controls it (a host or co-host may end it); the edge keeps the position on its clock, so a late
// joiner lands where everyone is. The edge's clock here is the test's own (startEdge's `clock`).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { SharedVideo } from '#edge/contract/shared-video'
import { realClock } from '#edge/clock'
import type { RunningEdge } from '#edge/server'
import {
  ALL_CONTROLS,
  closeSockets,
  collect,
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
let clock = 1_000_000

beforeAll(async () => {
  edge = await startTestEdge({}, { clock: { ...realClock, now: () => clock } })
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s'

describe('starting a shared video', () => {
  it('normalises a YouTube link, tells everyone, flags the owner and hands it to a late joiner at the position now', async () => {
    const { id: roomId } = await createRoom()
    const owner = await joinMeeting(edge, roomId)
    const watcher = await joinMeeting(edge, roomId)
    const heard = next(watcher.socket, 'room:sharedVideo')
    const flagged = next(watcher.socket, 'peerUpdated', (peer) => peer.id === owner.joined.peerId && peer.videoSharing)
    const started = await ok<SharedVideo>(owner.socket, 'room:sharedVideo:start', { url: `  ${LINK} ` })
    expect(started).toEqual({
      provider: 'youtube',
      videoId: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      owner: owner.joined.peerId,
      key: clock,
      state: 'playing',
      muted: false,
      positionMs: 0,
    })
    expect(await heard).toEqual({ action: 'start', video: started, by: owner.joined.peerId })
    await flagged

    // 42 s later (the edge's clock), someone arrives: they land 42 s in.
    clock += 42_000
    const late = await joinMeeting(edge, roomId)
    expect(late.joined.sharedVideo).toEqual({ ...started, positionMs: 42_000 })
    expect(late.joined.peers.find((peer) => peer.id === owner.joined.peerId)?.videoSharing).toBe(true)

    // Paused at the owner's player position, it stays there however long people wait.
    await ok(owner.socket, 'room:sharedVideo:pause', { positionMs: 41_500 })
    clock += 600_000
    expect((await joinMeeting(edge, roomId)).joined.sharedVideo).toMatchObject({ state: 'paused', positionMs: 41_500 })

    // Played again, it moves on from there.
    await ok(owner.socket, 'room:sharedVideo:play')
    clock += 8_500
    expect((await joinMeeting(edge, roomId)).joined.sharedVideo).toMatchObject({ state: 'playing', positionMs: 50_000 })

    // A seek goes where the owner says, and keeps playing from there.
    const seeked = next(late.socket, 'room:sharedVideo', ({ action }) => action === 'seek')
    await ok(owner.socket, 'room:sharedVideo:seek', { positionMs: 120_000 })
    expect(await seeked).toMatchObject({ by: owner.joined.peerId, video: { positionMs: 120_000, state: 'playing' } })
    clock += 1_000
    expect((await joinMeeting(edge, roomId)).joined.sharedVideo).toMatchObject({ positionMs: 121_000 })

    // Mute and unmute reach everyone, and late joiners.
    const muted = next(watcher.socket, 'room:sharedVideo', ({ action }) => action === 'mute')
    await ok(owner.socket, 'room:sharedVideo:mute')
    expect((await muted).video?.muted).toBe(true)
    expect((await joinMeeting(edge, roomId)).joined.sharedVideo?.muted).toBe(true)
    expect((await ok<SharedVideo>(owner.socket, 'room:sharedVideo:unmute')).muted).toBe(false)
  })

  it('takes a Vimeo link, and refuses every other link with a clear error', async () => {
    const { id: roomId } = await createRoom()
    for (const url of [
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/short',
      'javascript:alert(1)',
      'ftp://vimeo.com/76979871',
      'hello',
      '',
      'https://example.com/video.mp4',
    ]) {
      // Each from its own peer: starting has a small burst (rate-buckets.ts).
      const peer = await joinMeeting(edge, roomId)
      expect(await request(peer.socket, 'room:sharedVideo:start', { url })).toEqual({
        ok: false,
        error: EDGE_ERRORS.sharedVideoLink,
      })
    }
    const owner = await joinMeeting(edge, roomId)
    expect(edge.edge.meetings.get(roomId)!.sharedVideo).toBeNull()
    expect(await ok<SharedVideo>(owner.socket, 'room:sharedVideo:start', { url: 'vimeo.com/76979871' })).toMatchObject({
      provider: 'vimeo',
      videoId: '76979871',
      url: 'https://vimeo.com/76979871',
    })
  })

  it("refuses a second person's video while one plays; the owner may replace their own", async () => {
    const { id: roomId } = await createRoom()
    const owner = await joinMeeting(edge, roomId)
    const other = await joinMeeting(edge, roomId, { isHost: true })
    await ok(owner.socket, 'room:sharedVideo:start', { url: LINK })
    expect(await request(other.socket, 'room:sharedVideo:start', { url: 'https://vimeo.com/76979871' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.sharedVideoBusy,
    })
    expect(
      await ok<SharedVideo>(owner.socket, 'room:sharedVideo:start', { url: 'https://youtu.be/aqz-KE-bpKQ' }),
    ).toMatchObject({ videoId: 'aqz-KE-bpKQ', positionMs: 0 })
  })

  it("is refused when the community turned the toolbar's shared video off, for hosts too", async () => {
    const { id: roomId } = await createRoom()
    const controls = { ...ALL_CONTROLS, sharedVideo: false }
    for (const claims of [{ controls }, { controls, isHost: true }]) {
      const peer = await joinMeeting(edge, roomId, claims)
      expect(await request(peer.socket, 'room:sharedVideo:start', { url: LINK })).toEqual({
        ok: false,
        error: EDGE_ERRORS.sharedVideoOff,
      })
    }
    expect(edge.edge.meetings.get(roomId)!.sharedVideo).toBeNull()
  })
})

describe('who controls it', () => {
  it("refuses everyone's controls but the owner's, even a peer whose peer data claims host", async () => {
    const { id: roomId } = await createRoom()
    const owner = await joinMeeting(edge, roomId)
    const pretender = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true, videoSharing: true })
    const host = await joinMeeting(edge, roomId, { isHost: true })
    await ok(owner.socket, 'room:sharedVideo:start', { url: LINK })
    const heard = collect(owner.socket, 'room:sharedVideo')
    for (const peer of [pretender, host]) {
      for (const [event, payload] of [
        ['room:sharedVideo:seek', { positionMs: 5000 }],
        ['room:sharedVideo:play', { positionMs: 0 }],
        ['room:sharedVideo:pause', {}],
        ['room:sharedVideo:mute', undefined],
        ['room:sharedVideo:unmute', undefined],
      ] as const) {
        expect(await request(peer.socket, event, payload)).toEqual({ ok: false, error: EDGE_ERRORS.sharedVideoOwner })
      }
    }
    expect(await request(pretender.socket, 'room:sharedVideo:end')).toEqual({
      ok: false,
      error: EDGE_ERRORS.sharedVideoOwner,
    })
    expect(heard).toEqual([])
    expect(edge.edge.meetings.get(roomId)!.sharedVideo).toMatchObject({ playing: true, muted: false })
  })

  it('lets the host and a co-host end it (they run the room), and the owner; everyone hears it and the flag goes', async () => {
    for (const claims of [{ isHost: true }, { isCoHost: true }, null]) {
      const { id: roomId } = await createRoom()
      const owner = await joinMeeting(edge, roomId)
      const ender = claims ? await joinMeeting(edge, roomId, claims) : owner
      await ok(owner.socket, 'room:sharedVideo:start', { url: LINK })
      const ended = next(owner.socket, 'room:sharedVideo', ({ action }) => action === 'end')
      const unflagged = next(
        ender.socket,
        'peerUpdated',
        (peer) => peer.id === owner.joined.peerId && !peer.videoSharing,
      )
      await ok(ender.socket, 'room:sharedVideo:end')
      expect(await ended).toEqual({ action: 'end', video: null, by: ender.joined.peerId })
      await unflagged
      expect(edge.edge.meetings.get(roomId)!.sharedVideo).toBeNull()
      expect((await joinMeeting(edge, roomId)).joined.sharedVideo).toBeNull()
      expect(await request(owner.socket, 'room:sharedVideo:play')).toEqual({ ok: false, error: EDGE_ERRORS.notFound })
    }
  })

  it('ends when its owner leaves', async () => {
    const { id: roomId } = await createRoom()
    const owner = await joinMeeting(edge, roomId)
    const watcher = await joinMeeting(edge, roomId)
    await ok(owner.socket, 'room:sharedVideo:start', { url: LINK })
    const ended = next(watcher.socket, 'room:sharedVideo', ({ action }) => action === 'end')
    owner.socket.disconnect()
    expect(await ended).toEqual({ action: 'end', video: null, by: owner.joined.peerId })
    expect(edge.edge.meetings.get(roomId)!.sharedVideo).toBeNull()
  })
})

describe('bad requests', () => {
  it('refuses bad payloads and nothing changes', async () => {
    const { id: roomId } = await createRoom()
    const sender = await joinMeeting(edge, roomId)
    for (const payload of [
      undefined,
      {},
      { url: 42 },
      { url: ['https://youtu.be/dQw4w9WgXcQ'] },
      { url: `https://youtu.be/dQw4w9WgXcQ?${'x'.repeat(3000)}` },
    ]) {
      expect(await request(sender.socket, 'room:sharedVideo:start', payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    expect(edge.edge.meetings.get(roomId)!.sharedVideo).toBeNull()
    const owner = await joinMeeting(edge, roomId)
    await ok(owner.socket, 'room:sharedVideo:start', { url: LINK })
    for (const payload of [
      undefined,
      {},
      { positionMs: -1 },
      { positionMs: 1.5 },
      { positionMs: '100' },
      { positionMs: 25 * 3600 * 1000 },
    ]) {
      expect(await request(owner.socket, 'room:sharedVideo:seek', payload)).toEqual({
        ok: false,
        error: EDGE_ERRORS.invalidRequest,
      })
    }
    expect(await request(owner.socket, 'room:sharedVideo:pause', { positionMs: 'now' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.invalidRequest,
    })
    expect(edge.edge.meetings.get(roomId)!.sharedVideo).toMatchObject({ playing: true })
  })

  it('needs a joined meeting', async () => {
    const { id: roomId } = await createRoom()
    const socket = await connect(edge, await tokenFor(roomId))
    expect(await request(socket, 'room:sharedVideo:start', { url: LINK })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notJoined,
    })
    expect(await request(socket, 'room:sharedVideo:end')).toEqual({ ok: false, error: EDGE_ERRORS.notJoined })
  })

  it('is rate-limited', async () => {
    const { id: roomId } = await createRoom()
    const owner = await joinMeeting(edge, roomId)
    await ok(owner.socket, 'room:sharedVideo:start', { url: LINK })
    const seeks = []
    for (let i = 0; i < 14; i++)
      seeks.push(await request(owner.socket, 'room:sharedVideo:seek', { positionMs: i * 1000 }))
    expect(seeks.slice(0, 10).every((answer) => answer.ok)).toBe(true)
    expect(seeks.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
    const starts = []
    for (let i = 0; i < 7; i++) starts.push(await request(owner.socket, 'room:sharedVideo:start', { url: LINK }))
    // One start above already took a token.
    expect(starts.slice(0, 4).every((answer) => answer.ok)).toBe(true)
    expect(starts.at(-1)).toEqual({ ok: false, error: EDGE_ERRORS.rateLimited })
  })
})
