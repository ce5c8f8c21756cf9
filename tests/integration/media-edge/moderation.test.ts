// Host powers decided by the server (docs/meetings.md#host-powers): only the host, a co-host or a
// role granting kick-peer / mute-peer may remove or mute someone; a kicked user (or guest browser) cannot rejoin;
// a locked room admits only its host and co-hosts at once (the others wait: waiting-room.test.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EDGE_ERRORS } from '#edge/contract/protocol'
import type { RunningEdge } from '#edge/server'
import {
  MIC_RTP,
  closeSockets,
  connect,
  createRoom,
  joinMeeting,
  next,
  ok,
  request,
  serverPeer,
  setUpMedia,
  startTestEdge,
  tokenFor,
  webcamRtp,
} from './harness'

let edge: RunningEdge

beforeAll(async () => {
  edge = await startTestEdge()
})
afterEach(() => closeSockets())
afterAll(() => edge.close())

describe('kickPeer', () => {
  it('removes the peer: it hears kick, is disconnected, and cannot rejoin with that pass or a fresh one', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const target = await joinMeeting(edge, roomId, { userId: 'kicked-user' })
    const witness = await joinMeeting(edge, roomId)

    const kicked = next(target.socket, 'kick')
    const disconnected = new Promise((resolve) => target.socket.once('disconnect', resolve))
    const left = next(witness.socket, 'peerLeft', (payload) => payload.peerId === target.joined.peerId)
    await ok(host.socket, 'kickPeer', { peerId: target.joined.peerId })
    expect(await kicked).toEqual({ peerId: target.joined.peerId })
    await disconnected
    await left
    expect(edge.edge.meetings.get(roomId)!.peers.has(target.joined.peerId)).toBe(false)

    const again = await connect(edge, target.token)
    expect(await request(again, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.kicked,
    })
    // A signed-in person reloading for a fresh pass is still out: the kick holds their user id.
    const reloaded = await connect(edge, await tokenFor(roomId, { userId: 'kicked-user' }))
    expect(await request(reloaded, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.kicked,
    })
    // Someone else still gets in.
    await joinMeeting(edge, roomId, { userId: 'another-user' })
  })

  it("keeps a kicked guest out by the browser's guest id, with any pass, like a member", async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const guest = await joinMeeting(edge, roomId, { userId: 'guest:browser-one' })
    await ok(host.socket, 'kickPeer', { peerId: guest.joined.peerId })
    const again = await connect(edge, guest.token)
    expect(await request(again, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.kicked,
    })
    // A reload: a fresh pass for the same browser.
    const reloaded = await connect(edge, await tokenFor(roomId, { userId: 'guest:browser-one' }))
    expect(await request(reloaded, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.kicked,
    })
    // Another browser's guest still gets in.
    const other = await joinMeeting(edge, roomId, { userId: 'guest:browser-two' })
    expect(edge.edge.meetings.get(roomId)!.peers.has(other.joined.peerId)).toBe(true)
  })

  it('is refused to a plain participant, and nobody but the host acts on the host', async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const someone = await joinMeeting(edge, roomId)
    const other = await joinMeeting(edge, roomId)
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    // Peer data cannot grant powers either.
    const pretender = await joinMeeting(edge, roomId, {}, { isHost: true, isCoHost: true, permissions: ['kick-peer'] })

    for (const caller of [someone, pretender]) {
      expect(await request(caller.socket, 'kickPeer', { peerId: other.joined.peerId })).toEqual({
        ok: false,
        error: EDGE_ERRORS.forbidden,
      })
      expect(await request(caller.socket, 'mutePeerAudio', { peerId: other.joined.peerId })).toEqual({
        ok: false,
        error: EDGE_ERRORS.forbidden,
      })
    }
    expect(await request(coHost.socket, 'kickPeer', { peerId: host.joined.peerId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(await request(host.socket, 'kickPeer', { peerId: host.joined.peerId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(await request(host.socket, 'kickPeer', { peerId: 'nobody' })).toEqual({
      ok: false,
      error: EDGE_ERRORS.notFound,
    })
    expect(edge.edge.meetings.get(roomId)!.peers.size).toBe(5)
  })

  it('is allowed to a co-host and to a role that grants kick-peer', async () => {
    const { id: roomId } = await createRoom()
    const coHost = await joinMeeting(edge, roomId, { isCoHost: true })
    const moderator = await joinMeeting(edge, roomId, { permissions: ['kick-peer'] })
    const first = await joinMeeting(edge, roomId)
    const second = await joinMeeting(edge, roomId)
    await ok(coHost.socket, 'kickPeer', { peerId: first.joined.peerId })
    await ok(moderator.socket, 'kickPeer', { peerId: second.joined.peerId })
    // kick-peer does not grant mute-peer.
    expect(await request(moderator.socket, 'mutePeerAudio', { peerId: coHost.joined.peerId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect([...edge.edge.meetings.get(roomId)!.peers.keys()].sort()).toEqual(
      [coHost.joined.peerId, moderator.joined.peerId].sort(),
    )
  })
})

describe('mutePeerAudio', () => {
  it("pauses the target's microphone on the server and tells the target and everyone", async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const target = await joinMeeting(edge, roomId)
    const { send } = await setUpMedia(target.socket)
    const mic = await ok<{ id: string }>(target.socket, 'produce', {
      transportId: send.id,
      kind: 'audio',
      rtpParameters: MIC_RTP,
      appData: { source: 'mic' },
    })
    const listener = await joinMeeting(edge, roomId)
    await setUpMedia(listener.socket)
    const consumer = next(listener.socket, 'newConsumer')
    await ok(listener.socket, 'sfuEnter')
    const { id: consumerId } = await consumer

    const muted = next(target.socket, 'mute')
    const updated = next(listener.socket, 'peerUpdated', (peer) => peer.id === target.joined.peerId)
    const paused = next(listener.socket, 'consumerPaused', (payload) => payload.consumerId === consumerId)
    await ok(host.socket, 'mutePeerAudio', { peerId: target.joined.peerId })
    expect(await muted).toEqual({ peerId: target.joined.peerId })
    expect(await updated).toMatchObject({ audioMuted: true })
    await paused
    expect(serverPeer(edge, roomId, target.joined.peerId).producers.get(mic.id)!.paused).toBe(true)
  })

  it('is allowed to a role that grants mute-peer', async () => {
    const { id: roomId } = await createRoom()
    const moderator = await joinMeeting(edge, roomId, { permissions: ['mute-peer'] })
    const target = await joinMeeting(edge, roomId)
    const muted = next(target.socket, 'mute')
    await ok(moderator.socket, 'mutePeerAudio', { peerId: target.joined.peerId })
    await muted
    expect(await request(moderator.socket, 'kickPeer', { peerId: target.joined.peerId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
  })
})

describe('disableShare', () => {
  it("closes the target's screen share on the server, tells the target, and refuses everyone without the power", async () => {
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(edge, roomId, { isHost: true })
    const presenter = await joinMeeting(edge, roomId)
    const someone = await joinMeeting(edge, roomId)
    const { send } = await setUpMedia(presenter.socket)
    const screen = await ok<{ id: string }>(presenter.socket, 'produce', {
      transportId: send.id,
      kind: 'video',
      rtpParameters: webcamRtp(44440000),
      appData: { source: 'screen' },
    })
    const meeting = edge.edge.meetings.get(roomId)!
    expect(meeting.screenShareId).toBe(presenter.joined.peerId)

    expect(await request(someone.socket, 'disableShare', { peerId: presenter.joined.peerId })).toEqual({
      ok: false,
      error: EDGE_ERRORS.forbidden,
    })
    expect(await request(host.socket, 'disableShare', {})).toEqual({ ok: false, error: EDGE_ERRORS.peerIdRequired })
    expect(serverPeer(edge, roomId, presenter.joined.peerId).producers.has(screen.id)).toBe(true)

    const told = next(presenter.socket, 'disableShare')
    const updated = next(someone.socket, 'peerUpdated', (peer) => peer.id === presenter.joined.peerId)
    await ok(host.socket, 'disableShare', { peerId: presenter.joined.peerId })
    expect(await told).toEqual({ peerId: presenter.joined.peerId })
    expect(await updated).toMatchObject({ screenSharing: false })
    expect(serverPeer(edge, roomId, presenter.joined.peerId).producers.has(screen.id)).toBe(false)
    expect(meeting.screenShareId).toBeNull()
    // Nothing left to stop: answered without a change.
    await ok(host.socket, 'disableShare', { peerId: presenter.joined.peerId })
  })
})
