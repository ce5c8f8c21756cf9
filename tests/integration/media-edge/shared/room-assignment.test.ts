// Room ownership across media edges, against the real Redis (127.0.0.1:6379 or TEST_REDIS_URL).
// Every key lives under a random prefix, removed at the end, so runs sharing the Redis do not meet.
import { randomUUID } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_EXPIRY_MS,
  EdgeRegistry,
  edgeUrlForRoom,
  liveEdges,
  type EdgeRegistryOptions,
} from '#edge/shared/room-assignment'
import { probeEdge } from '#edge/contract/edge-probe'
import { edgeKeys } from '#edge/contract/protocol'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `test-${randomUUID()}`
const keys = edgeKeys(prefix)
const connections: Redis[] = []
const registries: EdgeRegistry[] = []

function connect() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  connections.push(redis)
  return redis
}

const redis = connect()

function registry(edgeId: string, options: Partial<EdgeRegistryOptions> = {}) {
  const edge = new EdgeRegistry({ redis, edgeId, publicUrl: `http://${edgeId}.test:3001`, keys, ...options })
  registries.push(edge)
  return edge
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const servers: Server[] = []

/** An edge's /healthz on a real port: answers as `respond` says (or never, when it returns nothing). */
async function healthServer(respond: (response: ServerResponse) => void): Promise<string> {
  const server = createServer((_request, response) => respond(response))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The URL of a port nothing listens on any more: a crashed edge's. */
async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

const healthy = (response: ServerResponse) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close()
    server.closeAllConnections()
  }
  for (const edge of registries.splice(0)) await edge.stop().catch(() => {})
  const leftovers = await redis.keys(`${prefix}:*`)
  if (leftovers.length) await redis.del(...leftovers)
})

afterAll(async () => {
  for (const connection of connections) connection.disconnect()
})

describe('EdgeRegistry', () => {
  it('registers each edge with its URL and room count, and unregisters it on stop', async () => {
    const a = registry('edge-a')
    const b = registry('edge-b')
    await a.start()
    await b.start()
    await a.claimRoom('room-1')

    const edges = (await liveEdges(redis, keys)).sort((x, y) => x.id.localeCompare(y.id))
    expect(edges.map(({ id, url, rooms }) => ({ id, url, rooms }))).toEqual([
      { id: 'edge-a', url: 'http://edge-a.test:3001', rooms: 1 },
      { id: 'edge-b', url: 'http://edge-b.test:3001', rooms: 0 },
    ])
    // The default expiry: three seconds, renewed every second.
    expect(DEFAULT_EXPIRY_MS).toBe(3000)
    expect(await redis.pttl(keys.edge('edge-a'))).toBeGreaterThan(2000)
    expect(await redis.pttl(keys.edge('edge-a'))).toBeLessThanOrEqual(3000)

    await a.stop()
    expect((await liveEdges(redis, keys)).map((edge) => edge.id)).toEqual(['edge-b'])
    expect(await redis.exists(keys.roomOwner('room-1'))).toBe(0)
  })

  it('gives a room to exactly one of two edges claiming it at once', async () => {
    const a = registry('edge-a')
    const b = registry('edge-b', { redis: connect() })
    await a.start()
    await b.start()

    for (const roomId of ['race-1', 'race-2', 'race-3']) {
      const claims = Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).claimRoom(roomId).then((won) => ({ edge: i % 2 === 0 ? 'edge-a' : 'edge-b', won })),
      )
      const results = await Promise.all(claims)
      const winners = new Set(results.filter((result) => result.won).map((result) => result.edge))
      expect(winners.size).toBe(1)
      // Every claim by the winner succeeds (it owns the room), every claim by the other fails.
      for (const result of results) expect(result.won).toBe(winners.has(result.edge))
      expect(await redis.get(keys.roomOwner(roomId))).toBe([...winners][0])
    }
    expect(a.rooms.length + b.rooms.length).toBe(3)
  })

  it('keeps an owned room while the edge heartbeats, past the room key expiry', async () => {
    const a = registry('edge-a', { heartbeatMs: 100, ttlMs: 1000 })
    const b = registry('edge-b', { heartbeatMs: 100, ttlMs: 1000 })
    await a.start()
    await b.start()
    expect(await a.claimRoom('room-1')).toBe(true)
    await sleep(2500)
    expect(await b.claimRoom('room-1')).toBe(false)
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-a')
  })

  it('lets another edge take over the rooms of an edge that stopped heartbeating, and tells the stalled edge', async () => {
    const lost: string[] = []
    const errors: unknown[] = []
    const partitioned = connect()
    const a = registry('edge-a', {
      redis: partitioned,
      heartbeatMs: 100,
      ttlMs: 1000,
      onRoomLost: (roomId) => lost.push(roomId),
      onError: (error) => errors.push(error),
    })
    const b = registry('edge-b', { heartbeatMs: 100, ttlMs: 1000 })
    await a.start()
    await b.start()
    expect(await a.claimRoom('room-1')).toBe(true)
    expect(await b.claimRoom('room-1')).toBe(false)

    // Edge A loses Redis: its heartbeats fail and its keys run out.
    partitioned.disconnect()
    await expect.poll(() => redis.exists(keys.edge('edge-a')), { timeout: 5000 }).toBe(0)
    expect(errors.length).toBeGreaterThan(0)
    expect(await b.claimRoom('room-1')).toBe(true)
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-b')

    // Back online, A learns the room is gone and does not take it back.
    await partitioned.connect()
    await expect.poll(() => lost, { timeout: 5000 }).toEqual(['room-1'])
    expect(a.rooms).toEqual([])
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-b')
    expect(await a.claimRoom('room-1')).toBe(false)
  })

  it('takes over a room whose owner key names a dead edge', async () => {
    await redis.set(keys.roomOwner('room-1'), 'edge-gone', 'PX', 60_000)
    const b = registry('edge-b')
    await b.start()
    expect(await b.claimRoom('room-1')).toBe(true)
    expect(b.rooms).toEqual(['room-1'])
  })

  it('releases only a room it still owns', async () => {
    const a = registry('edge-a')
    const b = registry('edge-b')
    await a.start()
    await b.start()
    await a.claimRoom('room-1')

    await b.releaseRoom('room-1')
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-a')

    await a.releaseRoom('room-1')
    expect(await redis.exists(keys.roomOwner('room-1'))).toBe(0)
    expect(a.rooms).toEqual([])
    expect((await liveEdges(redis, keys)).find((edge) => edge.id === 'edge-a')?.rooms).toBe(0)
    expect(await b.claimRoom('room-1')).toBe(true)
  })

  it('claims nothing once stopped, and a claim that lands during the stop is handed straight back', async () => {
    const a = registry('edge-a')
    await a.start()
    const inFlight = a.claimRoom('room-1')
    await a.stop()
    expect(await inFlight).toBe(false)
    expect(await a.claimRoom('room-2')).toBe(false)
    expect(await redis.exists(keys.roomOwner('room-1'), keys.roomOwner('room-2'), keys.edge('edge-a'))).toBe(0)
  })

  it('refuses a heartbeat shorter than the expiry it keeps alive', () => {
    expect(() => registry('edge-a', { heartbeatMs: 500, ttlMs: 500 })).toThrow(/ttlMs/)
  })
})

describe('edgeUrlForRoom', () => {
  it('returns the single edge without Redis', async () => {
    expect(await edgeUrlForRoom(null, 'room-1', 'http://localhost:3001')).toBe('http://localhost:3001')
  })

  it('returns null when no edge is alive', async () => {
    expect(await edgeUrlForRoom(redis, 'room-1', 'http://localhost:3001', { keys })).toBeNull()
    expect(await redis.exists(keys.roomOwner('room-1'))).toBe(0)
  })

  it('assigns the least-loaded edge on first join and keeps the room there', async () => {
    const a = registry('edge-a')
    const b = registry('edge-b')
    await a.start()
    await b.start()
    await a.claimRoom('busy-1')
    await a.claimRoom('busy-2')
    await b.claimRoom('busy-3')

    const url = await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys })
    expect(url).toBe('http://edge-b.test:3001')
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-b')
    // The edge's own claim when the first peer arrives agrees with the assignment.
    expect(await a.claimRoom('room-1')).toBe(false)
    expect(await b.claimRoom('room-1')).toBe(true)

    // Sticky, even once the other edge is the lighter one.
    await b.claimRoom('busy-4')
    await b.claimRoom('busy-5')
    for (let i = 0; i < 5; i++)
      expect(await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys })).toBe('http://edge-b.test:3001')
    expect(await edgeUrlForRoom(redis, 'room-2', 'http://fallback', { keys })).toBe('http://edge-a.test:3001')
  })

  it('gives two web instances asking at once the same edge', async () => {
    const a = registry('edge-a')
    const b = registry('edge-b')
    await a.start()
    await b.start()
    const webs = [connect(), connect()]
    for (const roomId of ['room-1', 'room-2', 'room-3', 'room-4']) {
      const urls = await Promise.all(
        Array.from({ length: 10 }, (_, i) => edgeUrlForRoom(webs[i % 2]!, roomId, 'http://fallback', { keys })),
      )
      expect(new Set(urls).size).toBe(1)
    }
  })

  it('moves a room off an edge that died, and off one that stopped', async () => {
    const partitioned = connect()
    const a = registry('edge-a', { redis: partitioned, heartbeatMs: 100, ttlMs: 1000 })
    const b = registry('edge-b', { heartbeatMs: 100, ttlMs: 1000 })
    await a.start()
    await b.start()
    await a.claimRoom('room-1')
    expect(await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys })).toBe('http://edge-a.test:3001')

    partitioned.disconnect()
    await expect.poll(() => redis.exists(keys.edge('edge-a')), { timeout: 5000 }).toBe(0)
    expect(await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys })).toBe('http://edge-b.test:3001')
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-b')

    const c = registry('edge-c')
    await c.start()
    await b.claimRoom('room-1')
    await b.stop()
    expect(await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys })).toBe('http://edge-c.test:3001')
  })

  it('moves a room off a crashed owner as soon as a client reports it and nothing listens there, well within the expiry', async () => {
    const crashedUrl = await deadUrl()
    const crashed = connect()
    const a = registry('edge-a', { redis: crashed, publicUrl: crashedUrl })
    const b = registry('edge-b')
    await a.start()
    await b.start()
    await a.claimRoom('room-1')
    // The crash: no more heartbeats, nothing handed back; the registry still believes it alive.
    crashed.disconnect()
    expect(await redis.pttl(keys.edge('edge-a'))).toBeGreaterThan(1000)

    // Someone who never had it still gets the crashed edge: only a client that lost it says so.
    expect(await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys, probe: probeEdge })).toBe(crashedUrl)
    const started = Date.now()
    expect(
      await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys, probe: probeEdge, unreachable: crashedUrl }),
    ).toBe('http://edge-b.test:3001')
    expect(Date.now() - started).toBeLessThan(DEFAULT_EXPIRY_MS / 2)
    expect(await redis.get(keys.roomOwner('room-1'))).toBe('edge-b')
    // Gone from the registry: no other room is sent there either.
    expect((await liveEdges(redis, keys)).map((edge) => edge.id)).toEqual(['edge-b'])
    expect(await edgeUrlForRoom(redis, 'room-2', 'http://fallback', { keys })).toBe('http://edge-b.test:3001')
  })

  it('keeps a room on a live owner that a client could not reach, whether it answers at once or too slowly', async () => {
    const answering = await healthServer(healthy)
    // A busy or paused edge: /healthz does not answer within the probe's timeout.
    const stalled = await healthServer(() => undefined)
    const a = registry('edge-a', { publicUrl: answering })
    const s = registry('edge-s', { publicUrl: stalled })
    const b = registry('edge-b')
    for (const edge of [a, s, b]) await edge.start()
    await a.claimRoom('room-a')
    await s.claimRoom('room-s')

    expect(
      await edgeUrlForRoom(redis, 'room-a', 'http://fallback', { keys, probe: probeEdge, unreachable: answering }),
    ).toBe(answering)
    expect(
      await edgeUrlForRoom(redis, 'room-s', 'http://fallback', { keys, probe: probeEdge, unreachable: stalled }),
    ).toBe(stalled)
    expect(await redis.get(keys.roomOwner('room-a'))).toBe('edge-a')
    expect(await redis.get(keys.roomOwner('room-s'))).toBe('edge-s')
    expect((await liveEdges(redis, keys)).map((edge) => edge.id).sort()).toEqual(['edge-a', 'edge-b', 'edge-s'])
    // The report names another edge than the owner: nothing is probed, nothing moves.
    let probed = 0
    const counting = (url: string) => (probed++, probeEdge(url))
    expect(
      await edgeUrlForRoom(redis, 'room-a', 'http://fallback', {
        keys,
        probe: counting,
        unreachable: 'http://edge-b.test:3001',
      }),
    ).toBe(answering)
    expect(probed).toBe(0)
  })

  it('gives a live edge condemned by mistake its registration back at its next heartbeat, and sends its clients after the room it lost', async () => {
    // Alive and heartbeating, but its port refuses the web app (a probe that got it wrong).
    const lost: string[] = []
    const a = registry('edge-a', {
      publicUrl: await deadUrl(),
      heartbeatMs: 100,
      ttlMs: 1000,
      onRoomLost: (roomId) => lost.push(roomId),
    })
    const b = registry('edge-b', { heartbeatMs: 100, ttlMs: 1000 })
    await a.start()
    await b.start()
    await a.claimRoom('room-1')
    await a.claimRoom('room-2')
    const owner = (await liveEdges(redis, keys)).find((edge) => edge.id === 'edge-a')!
    expect(
      await edgeUrlForRoom(redis, 'room-1', 'http://fallback', { keys, probe: probeEdge, unreachable: owner.url }),
    ).toBe('http://edge-b.test:3001')

    await expect.poll(() => lost, { timeout: 2000 }).toEqual(['room-1'])
    expect((await liveEdges(redis, keys)).map((edge) => edge.id).sort()).toEqual(['edge-a', 'edge-b'])
    // The room nobody took meanwhile stays with it.
    expect(a.rooms).toEqual(['room-2'])
    expect(await redis.get(keys.roomOwner('room-2'))).toBe('edge-a')
  })
})

describe('probeEdge', () => {
  it('finds an edge alive when its /healthz answers 200', async () => {
    expect(await probeEdge(await healthServer(healthy))).toBe('alive')
  })

  it('finds it dead when nothing listens on its port, when a proxy says so, or when it says it is draining', async () => {
    expect(await probeEdge(await deadUrl())).toBe('dead')
    expect(await probeEdge(`http://localhost:${new URL(await deadUrl()).port}`)).toBe('dead')
    expect(await probeEdge(await healthServer((response) => response.writeHead(502).end()))).toBe('dead')
    const draining = (response: ServerResponse) =>
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"draining"}')
    expect(await probeEdge(await healthServer(draining))).toBe('dead')
  })

  it('cannot tell when the answer is slow or says something else', async () => {
    const started = Date.now()
    expect(await probeEdge(await healthServer(() => undefined), 300)).toBe('unknown')
    expect(Date.now() - started).toBeLessThan(2000)
    const unavailable = (response: ServerResponse) =>
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"unavailable"}')
    expect(await probeEdge(await healthServer(unavailable))).toBe('unknown')
    expect(await probeEdge('http://edge.invalid:3001')).toBe('unknown')
  })
})
