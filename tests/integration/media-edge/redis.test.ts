// With REDIS_URL: each meeting room is owned by one edge (media-edge/shared/room-assignment.ts), a join on
// another edge is refused with the server's text, the room is released when its last peer leaves,
// and kicked users are remembered in Redis, so they stay refused on the edge that takes over.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { edgeUrlForRoom } from '#edge/shared/room-assignment'
import { EDGE_ERRORS, channels, edgeKeys } from '#edge/contract/protocol'
import type { EdgeMove } from '#edge/contract/peers'
import { attachRedisAdapter } from '#edge/redis-adapter'
import type { EdgeIo } from '#edge/socket-types'
import type { RunningEdge } from '#edge/server'
import { closeSockets, connect, createRoom, joinMeeting, next, ok, request, startTestEdge, tokenFor } from './harness'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const keys = edgeKeys(`hearth-test-${randomBytes(4).toString('hex')}`)
let redis: Redis
let a: RunningEdge
let b: RunningEdge

// The adapter's channels under this file's own key too, so concurrent runs sharing Redis stay apart.
const attachAdapter = async (io: EdgeIo, client: Redis) =>
  (await attachRedisAdapter(io, client, { key: keys.edge('adapter') })).close
const startShared = (edgeId: string) => startTestEdge({ REDIS_URL }, { keys, edgeId, attachAdapter })

beforeAll(async () => {
  redis = new Redis(REDIS_URL)
  a = await startShared('edge-a')
  b = await startShared('edge-b')
})
afterEach(() => closeSockets())
afterAll(async () => {
  await Promise.all([a.close(), b.close()])
  const leftovers = await redis.keys(`${keys.edge('').replace(/edge:$/, '')}*`)
  if (leftovers.length) await redis.del(...leftovers)
  await redis.quit()
})

describe('one edge per meeting room', () => {
  it('refuses a join on another edge until the owner releases the room', async () => {
    const { id: roomId } = await createRoom()
    const onA = await joinMeeting(a, roomId)
    expect(await redis.get(keys.roomOwner(roomId))).toBe('edge-a')
    const onB = await connect(b, await tokenFor(roomId))
    expect(await request(onB, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.wrongEdge,
    })

    await ok(onA.socket, 'leave')
    await expect.poll(() => redis.get(keys.roomOwner(roomId))).toBeNull()
    await ok(onB, 'meetingRoom:join', { roomId, peerData: {} })
    expect(await redis.get(keys.roomOwner(roomId))).toBe('edge-b')
  })

  it('remembers a kicked user in Redis across an edge restart', async () => {
    const first = await startShared('edge-c')
    const { id: roomId } = await createRoom()
    const host = await joinMeeting(first, roomId, { isHost: true })
    const target = await joinMeeting(first, roomId)
    await ok(host.socket, 'kickPeer', { peerId: target.joined.peerId })
    expect(await redis.zcard(keys.kicked(host.joined.meetingRoomId))).toBe(1)
    expect(await redis.ttl(keys.kicked(host.joined.meetingRoomId))).toBeGreaterThan(0)
    await first.close()
    expect(await redis.get(keys.roomOwner(roomId))).toBeNull()

    const again = await connect(b, target.token)
    expect(await request(again, 'meetingRoom:join', { roomId, peerData: {} })).toEqual({
      ok: false,
      error: EDGE_ERRORS.kicked,
    })
    const hostBack = await joinMeeting(b, roomId, { isHost: true })
    expect(hostBack.joined.meetingRoomId).toBe(host.joined.meetingRoomId)
  })
})

describe('the Redis adapter', () => {
  it("carries a room channel broadcast from one edge to the other edge's sockets, but not a drain's shutdown or move", async () => {
    const { id: roomId } = await createRoom()
    const onB = await connect(b, await tokenFor(roomId))
    await ok(onB, 'room:join', { roomId })
    const updated = next(onB, 'room.updated')
    a.io.to(channels.room(roomId)).emit('room.updated', { roomId })
    expect(await updated).toEqual({ roomId })

    let shutdowns = 0
    onB.on('shutdown', () => shutdowns++)
    onB.on('edge:move', () => shutdowns++)
    const passing = await startShared('edge-d')
    const { id: passingRoom } = await createRoom()
    await joinMeeting(passing, passingRoom)
    await passing.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(shutdowns).toBe(0)
    expect(onB.connected).toBe(true)
  })

  it("writes each socket's frame of a broadcast in one write, on the sending edge and through Redis", async () => {
    const { id: roomId } = await createRoom()
    const sockets = await Promise.all(
      [a, b, a, b].map(async (edge) => ({ edge, client: await connect(edge, await tokenFor(roomId)) })),
    )
    await Promise.all(sockets.map(({ client }) => ok(client, 'room:join', { roomId })))
    // The edge's end of each connection: the socket the WebSocket frames are written to.
    const writes = sockets.map(({ edge, client }) => {
      type Conn = { conn: { transport: { socket: { _socket: { write: (...args: unknown[]) => boolean } } } } }
      const tcp = (edge.io.sockets.sockets.get(client.id!) as unknown as Conn).conn.transport.socket._socket
      const seen = { calls: 0 }
      const write = tcp.write
      tcp.write = (...args) => {
        seen.calls++
        return write.apply(tcp, args)
      }
      return seen
    })
    const heard = sockets.map(({ client }) => next(client, 'room.updated'))
    a.io.to(channels.room(roomId)).emit('room.updated', { roomId })
    expect(await Promise.all(heard)).toEqual(sockets.map(() => ({ roomId })))
    expect(writes.map(({ calls }) => calls)).toEqual([1, 1, 1, 1])
  })
})

describe('a drain (SIGTERM)', () => {
  it('hands the rooms back and leaves the registry before its clients are told to move', async () => {
    const leaving = await startShared('edge-e')
    const { id: roomId } = await createRoom()
    const peer = await joinMeeting(leaving, roomId)
    expect(await redis.get(keys.roomOwner(roomId))).toBe('edge-e')
    // What Redis says when the client hears that it must move: the page it reloads then is given a live edge.
    const heard = new Promise<{ move: EdgeMove; owner: string | null; registered: number }>((resolve) => {
      peer.socket.once('edge:move', (move) => {
        void Promise.all([redis.get(keys.roomOwner(roomId)), redis.exists(keys.edge('edge-e'))]).then(
          ([owner, registered]) => resolve({ move, owner, registered }),
        )
      })
    })
    const closing = leaving.close()
    expect(await heard).toEqual({ move: { reason: 'draining' }, owner: null, registered: 0 })
    await closing
    expect([a.publicUrl, b.publicUrl]).toContain(await edgeUrlForRoom(redis, roomId, 'http://fallback', { keys }))
  })
})
