// Broadcasts across media edges and from the web app, through the real Redis (127.0.0.1:6379 or
// TEST_REDIS_URL): two plain Socket.IO servers on the edge's Redis adapter wiring, real clients,
// and the web app's emitter. A random adapter key keeps runs sharing the Redis apart.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { Server } from 'socket.io'
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { attachRedisAdapter } from '#edge/redis-adapter'
import { channels } from '#edge/contract/protocol'
import type { ClientToServerEvents, ServerToClientEvents } from '#edge/contract/events'
import { createEdgePublisher } from '#app/lib/rooms/edge-publisher.server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const KEY = `test-${randomUUID()}`
const cleanups: Array<() => Promise<unknown> | unknown> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const redis = new Redis(REDIS_URL)
afterAll(() => redis.disconnect())

/** A Socket.IO server that puts each socket in the channels its handshake names, as the edge does after checking the token. */
async function edgeServer({ key }: { key?: string } = { key: KEY }) {
  const http = createServer()
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http)
  const adapter = await attachRedisAdapter(io, REDIS_URL, { key })
  io.on('connection', (socket) => {
    const joined = socket.handshake.auth.channels as string[]
    socket.join(joined)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  cleanups.push(async () => {
    await io.close()
    await adapter.close()
  })
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }
}

async function client(url: string, joined: string[]) {
  const socket = connectClient(url, { transports: ['websocket'], auth: { channels: joined }, reconnection: false })
  cleanups.push(() => socket.disconnect())
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('connect_error', reject)
  })
  // The server joined the channels in its connection handler, in the same tick it sent `connect`.
  return socket
}

function nextEvent<T>(socket: ClientSocket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000)
    socket.once(event, (payload: T) => {
      clearTimeout(timer)
      resolve(payload)
    })
  })
}

describe('edges sharing the Redis adapter', () => {
  it('delivers the web app’s room.updated to the room’s sockets on every edge, and only to them', async () => {
    const a = await edgeServer()
    const b = await edgeServer()
    const roomX = channels.room(`x-${randomUUID()}`)
    const roomY = channels.room(`y-${randomUUID()}`)
    const onA = await client(a.url, [roomX])
    const onB = await client(b.url, [roomY])
    const publisher = createEdgePublisher(redis, { key: KEY })

    const toA = nextEvent(onA, 'room.updated')
    const toB = nextEvent(onB, 'room.updated')
    publisher.roomUpdated(roomX.slice('room:'.length), '/demo/new-link')
    publisher.roomUpdated(roomY.slice('room:'.length))
    // With the room's new address when its link changed.
    expect(await toA).toEqual({ roomId: roomX.slice('room:'.length), url: '/demo/new-link' })
    // Published in order on one connection: B's first event is its own room's, not X's.
    expect(await toB).toEqual({ roomId: roomY.slice('room:'.length) })
  })

  it('delivers a notification to every socket the user has open, whichever edge it is on', async () => {
    const a = await edgeServer()
    const b = await edgeServer()
    const userId = randomUUID()
    const sockets = [await client(a.url, [channels.user(userId)]), await client(b.url, [channels.user(userId)])]
    const received = sockets.map((socket) => nextEvent(socket, 'notification'))

    createEdgePublisher(redis, { key: KEY }).notifyUser(userId, { type: 'message', data: { from: 'someone' } })
    expect(await Promise.all(received)).toEqual([
      { type: 'message', data: { from: 'someone' } },
      { type: 'message', data: { from: 'someone' } },
    ])
  })

  it('carries a broadcast from one edge to the sockets on the other', async () => {
    const a = await edgeServer()
    const b = await edgeServer()
    const meeting = channels.meeting(randomUUID())
    const onA = await client(a.url, [meeting])
    const onB = await client(b.url, [meeting])
    const received = [nextEvent(onA, 'peerLeft'), nextEvent(onB, 'peerLeft')]

    a.io.to(meeting).emit('peerLeft', { peerId: 'p1' })
    expect(await Promise.all(received)).toEqual([{ peerId: 'p1' }, { peerId: 'p1' }])
    expect(await a.io.of('/').adapter.serverCount()).toBeGreaterThanOrEqual(2)
  })

  it('attaches from the edge’s own Redis client, with connections of its own', async () => {
    const http = createServer()
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(http)
    const edgeRedis = new Redis(REDIS_URL, { lazyConnect: true })
    await edgeRedis.connect()
    const adapter = await attachRedisAdapter(io, edgeRedis, { key: KEY })
    io.on('connection', (socket) => void socket.join(socket.handshake.auth.channels as string[]))
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    cleanups.push(async () => {
      await io.close()
      await adapter.close()
      // The edge's client is the edge's to close, and still works after the adapter is gone.
      expect(await edgeRedis.ping()).toBe('PONG')
      await edgeRedis.quit()
    })
    const other = await edgeServer()
    const meeting = channels.meeting(randomUUID())
    const socket = await client(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, [meeting])
    const received = nextEvent(socket, 'kick')
    other.io.to(meeting).emit('kick', { peerId: 'p2' })
    expect(await received).toEqual({ peerId: 'p2' })
  })

  it('refuses to start on an unreachable Redis', async () => {
    const io = new Server()
    const errors: unknown[] = []
    await expect(
      attachRedisAdapter(io, 'redis://127.0.0.1:1', { onError: (error) => errors.push(error) }),
    ).rejects.toThrow()
    expect(errors.length).toBeGreaterThan(0)
  })
})

describe('the web app’s publisher (REDIS_URL)', () => {
  async function loadWithRedisUrl(url: string | undefined) {
    vi.resetModules()
    if (url === undefined) delete process.env.REDIS_URL
    else process.env.REDIS_URL = url
    return import('#app/lib/rooms/edge-publisher.server')
  }
  afterAll(() => {
    delete process.env.REDIS_URL
  })

  it('publishes to the edges on the default adapter key', async () => {
    const edge = await edgeServer({})
    const roomId = randomUUID()
    const socket = await client(edge.url, [channels.room(roomId)])
    const received = nextEvent(socket, 'room.updated')

    const { publishRoomUpdated } = await loadWithRedisUrl(REDIS_URL)
    publishRoomUpdated(roomId)
    expect(await received).toEqual({ roomId })
  })

  it('does nothing and hands out EDGE_PUBLIC_URL without REDIS_URL', async () => {
    const { publishRoomUpdated, notifyUser, roomEdgeUrl } = await loadWithRedisUrl(undefined)
    const { env } = await import('#app/lib/platform/env.server')
    expect(() => publishRoomUpdated('room-1')).not.toThrow()
    expect(() => notifyUser('user-1', { type: 'message' })).not.toThrow()
    expect(await roomEdgeUrl('room-1')).toBe(env.EDGE_PUBLIC_URL)
  })

  it('moves a meeting off a crashed edge when a client that lost it says so, and only then', async () => {
    const { roomEdgeUrl } = await loadWithRedisUrl(REDIS_URL)
    const { EDGE_KEYS } = await import('#edge/contract/protocol')
    // Two edges as their heartbeats record them: a crashed one (its key not expired yet, nothing on its port) and a live one.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const crashedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
    await new Promise((resolve) => probe.close(resolve))
    const [crashed, live, roomId] = [`crashed-${randomUUID()}`, `live-${randomUUID()}`, randomUUID()]
    const record = (id: string, url: string) =>
      JSON.stringify({ id, url, rooms: 0, startedAt: new Date().toISOString() })
    await redis.set(EDGE_KEYS.edge(crashed), record(crashed, crashedUrl), 'PX', 10_000)
    await redis.set(EDGE_KEYS.edge(live), record(live, 'http://live.test:3001'), 'PX', 10_000)
    await redis.set(EDGE_KEYS.roomOwner(roomId), crashed, 'PX', 10_000)
    cleanups.push(() => redis.del(EDGE_KEYS.edge(crashed), EDGE_KEYS.edge(live), EDGE_KEYS.roomOwner(roomId)))

    expect(await roomEdgeUrl(roomId)).toBe(crashedUrl)
    expect(await roomEdgeUrl(roomId, { unreachable: 'http://another.test:3001' })).toBe(crashedUrl)
    const moved = await roomEdgeUrl(roomId, { unreachable: crashedUrl })
    expect(moved).not.toBe(crashedUrl)
    expect(await redis.exists(EDGE_KEYS.edge(crashed))).toBe(0)
    expect(await redis.get(EDGE_KEYS.roomOwner(roomId))).not.toBe(crashed)
  })

  it('survives Redis being unreachable: nothing thrown, no edge handed out', async () => {
    const { publishRoomUpdated, roomEdgeUrl } = await loadWithRedisUrl('redis://127.0.0.1:1')
    expect(() => publishRoomUpdated('room-1')).not.toThrow()
    expect(await roomEdgeUrl('room-1')).toBeNull()
    // Let the failed publish settle: an unhandled rejection here fails the run.
    await new Promise((resolve) => setTimeout(resolve, 500))
  })
})
