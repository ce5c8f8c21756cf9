// Which media edge hosts which meeting room, kept in Redis so every edge and every web instance
// agree. Each live edge keeps a key with a short expiry (its heartbeat); a room's owner key names
// one edge. An owner whose edge key has expired is dead, and the next claim takes the room over.
// Liveness is always judged by the edge's key, never by the room key's own expiry, so an
// assignment the web app makes before anyone has connected can wait out a long device check.
//
// A crash is noticed two ways: the edge's key expires (EDGE_EXPIRY_MS after its last heartbeat), or
// sooner, when a client that lost the edge asks for a new pass naming it and a probe of the edge
// (contract/edge-probe.ts) finds nothing listening there; the web app then drops the edge's key itself.
//
// Without REDIS_URL there is one edge and none of this runs: edgeUrlForRoom returns the fallback.
import type { Redis } from 'ioredis'
import type { EdgeProbe } from '../contract/edge-probe'
import { EDGE_KEYS, type EdgeKeys } from '../contract/protocol'

/**
 * A heartbeat a second, an expiry of three. The expiry bounds how long a crashed edge's meetings
 * wait when no probe can tell (a host gone silent rather than refusing connections), so it is
 * short; it still lets two heartbeats in a row be late (a GC pause, an event loop busy with a
 * burst of joins, a Redis failover) before a live edge loses anything, and a slow edge that does
 * lose a room learns it at its next heartbeat and sends its clients after it (onRoomLost). The
 * cost is one small script call per edge per second, whatever it hosts: nothing for Redis.
 */
export const DEFAULT_HEARTBEAT_MS = 1000
export const DEFAULT_EXPIRY_MS = 3000

/** What an edge publishes about itself under EDGE_KEYS.edge(id). */
export interface EdgeRecord {
  id: string
  /** The URL browsers connect Socket.IO to. */
  url: string
  /** Meeting rooms this edge owns: the load the web app balances on. */
  rooms: number
  /** ISO time the edge started. */
  startedAt: string
}

// The scripts run atomically in Redis, so two edges (or two web instances) can never both win one
// room. They read the owner's edge key from a prefix rather than KEYS[], which is fine on a single
// Redis (the adapter and the emitter need one anyway) and would not be on Redis Cluster.

/**
 * Makes ARGV[1] the room's owner unless a live edge already owns it. Returns the owner afterwards,
 * or nil when the candidate itself is not alive.
 * KEYS: room owner key, candidate's edge key. ARGV: candidate id, ttl ms, edge key prefix.
 */
const CLAIM = `
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return owner
end
if owner and redis.call('EXISTS', ARGV[3] .. owner) == 1 then return owner end
if redis.call('EXISTS', KEYS[2]) == 0 then return false end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
`

/**
 * One heartbeat: the edge's record, and every owned room's key refreshed (or re-taken when it
 * expired with nobody else claiming it). Returns the 1-based positions of rooms now owned by
 * another edge: this edge stalled past its expiry and lost them.
 * KEYS: edge key, then each room owner key. ARGV: edge id, ttl ms, record JSON.
 */
const HEARTBEAT = `
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
local lost = {}
for i = 2, #KEYS do
  local owner = redis.call('GET', KEYS[i])
  if owner == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
  elseif not owner then
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
  else
    table.insert(lost, i - 1)
  end
end
return lost
`

/** Deletes the room's owner key only while it still names this edge. KEYS: room key. ARGV: edge id. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`

const edgeKeyPrefix = (keys: EdgeKeys) => keys.edge('')

async function claim(redis: Redis, keys: EdgeKeys, roomId: string, edgeId: string, ttlMs: number) {
  const owner = (await redis.eval(
    CLAIM,
    2,
    keys.roomOwner(roomId),
    keys.edge(edgeId),
    edgeId,
    ttlMs,
    edgeKeyPrefix(keys),
  )) as string | null
  return owner
}

function parseRecord(json: string | null): EdgeRecord | null {
  if (!json) return null
  try {
    const record = JSON.parse(json) as Partial<EdgeRecord>
    if (typeof record.id !== 'string' || typeof record.url !== 'string') return null
    return {
      id: record.id,
      url: record.url,
      rooms: Number(record.rooms) || 0,
      startedAt: String(record.startedAt ?? ''),
    }
  } catch {
    return null
  }
}

export interface EdgeRegistryOptions {
  redis: Redis
  edgeId: string
  publicUrl: string
  heartbeatMs?: number
  /** How long the edge and its rooms stay assigned after the last heartbeat. */
  ttlMs?: number
  keys?: EdgeKeys
  /** A room another edge took over while this one stalled: its peers must be sent elsewhere. */
  onRoomLost?: (roomId: string) => void
  /** A heartbeat that failed (Redis unreachable); the next one tries again. */
  onError?: (error: unknown) => void
}

/** The edge's side: registers the edge, claims and releases its meeting rooms, keeps both alive. */
export class EdgeRegistry {
  readonly edgeId: string
  private readonly redis: Redis
  private readonly publicUrl: string
  private readonly heartbeatMs: number
  private readonly ttlMs: number
  private readonly keys: EdgeKeys
  private readonly onRoomLost: (roomId: string) => void
  private readonly onError: (error: unknown) => void
  private readonly owned = new Set<string>()
  private readonly startedAt = new Date().toISOString()
  private timer: NodeJS.Timeout | null = null
  private beating: Promise<void> | null = null
  /** After stop(): nothing is claimed or written again (a join still in flight must not re-register the edge). */
  private stopped = false

  constructor(options: EdgeRegistryOptions) {
    this.redis = options.redis
    this.edgeId = options.edgeId
    this.publicUrl = options.publicUrl
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
    this.ttlMs = options.ttlMs ?? DEFAULT_EXPIRY_MS
    this.keys = options.keys ?? EDGE_KEYS
    this.onRoomLost = options.onRoomLost ?? (() => {})
    this.onError = options.onError ?? (() => {})
    if (this.ttlMs <= this.heartbeatMs) throw new Error('EdgeRegistry: ttlMs must be longer than heartbeatMs')
  }

  /** The rooms this edge owns right now. */
  get rooms(): string[] {
    return [...this.owned]
  }

  /** Registers the edge (resolves once the first heartbeat is written) and keeps it alive. */
  async start() {
    await this.heartbeat()
    this.timer ??= setInterval(() => {
      this.heartbeat().catch(this.onError)
    }, this.heartbeatMs)
    this.timer.unref()
  }

  /**
   * True when this edge owns the room afterwards: it already did, the room was free, or its owner's
   * edge is dead. False when another live edge owns it (the client is on the wrong edge).
   */
  async claimRoom(roomId: string): Promise<boolean> {
    if (this.stopped) return false
    const owner = await claim(this.redis, this.keys, roomId, this.edgeId, this.ttlMs)
    if (owner !== this.edgeId) return false
    if (this.stopped) {
      // Stopped while the claim was on its way: hand the room straight back.
      await this.redis.eval(RELEASE, 1, this.keys.roomOwner(roomId), this.edgeId)
      return false
    }
    if (!this.owned.has(roomId)) {
      this.owned.add(roomId)
      await this.writeRecord()
    }
    return true
  }

  /** Gives the room up (its last peer left); a key another edge has taken meanwhile is left alone. */
  async releaseRoom(roomId: string) {
    this.owned.delete(roomId)
    await this.redis.eval(RELEASE, 1, this.keys.roomOwner(roomId), this.edgeId)
    if (!this.stopped) await this.writeRecord()
  }

  /**
   * Releases every room and unregisters the edge: the SIGTERM drain's first step, before the
   * clients are told to move, so the web app hands them a live edge.
   */
  async stop() {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.beating
    const rooms = [...this.owned]
    this.owned.clear()
    const pipeline = this.redis.pipeline()
    for (const roomId of rooms) pipeline.eval(RELEASE, 1, this.keys.roomOwner(roomId), this.edgeId)
    pipeline.del(this.keys.edge(this.edgeId))
    await pipeline.exec()
  }

  private record(): EdgeRecord {
    return { id: this.edgeId, url: this.publicUrl, rooms: this.owned.size, startedAt: this.startedAt }
  }

  /** The room count between heartbeats, so the web app balances on what is true now. */
  private async writeRecord() {
    await this.redis.set(this.keys.edge(this.edgeId), JSON.stringify(this.record()), 'PX', this.ttlMs)
  }

  private heartbeat(): Promise<void> {
    // A slow Redis must not stack heartbeats; the one in flight does the job.
    this.beating ??= this.beat().finally(() => {
      this.beating = null
    })
    return this.beating
  }

  private async beat() {
    const rooms = [...this.owned]
    const keys = [this.keys.edge(this.edgeId), ...rooms.map((roomId) => this.keys.roomOwner(roomId))]
    const lost = (await this.redis.eval(
      HEARTBEAT,
      keys.length,
      ...keys,
      this.edgeId,
      this.ttlMs,
      JSON.stringify(this.record()),
    )) as number[]
    if (lost.length === 0) return
    for (const position of lost) {
      const roomId = rooms[position - 1]
      if (roomId === undefined || !this.owned.delete(roomId)) continue
      this.onRoomLost(roomId)
    }
    await this.writeRecord()
  }
}

/** Every edge whose heartbeat is current. */
export async function liveEdges(redis: Redis, keys: EdgeKeys = EDGE_KEYS): Promise<EdgeRecord[]> {
  const names: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', keys.edgePattern, 'COUNT', 200)
    cursor = next
    names.push(...batch)
  } while (cursor !== '0')
  if (names.length === 0) return []
  const values = await redis.mget(...new Set(names))
  return values.map(parseRecord).filter((record): record is EdgeRecord => record !== null)
}

/** The edges carrying the fewest rooms; one of them at random, so web instances do not herd. */
function leastLoaded(edges: EdgeRecord[]): EdgeRecord {
  const fewest = Math.min(...edges.map((edge) => edge.rooms))
  const candidates = edges.filter((edge) => edge.rooms === fewest)
  return candidates[Math.floor(Math.random() * candidates.length)]!
}

export interface EdgeUrlOptions {
  keys?: EdgeKeys
  /**
   * How long a fresh assignment waits for its first peer to reach the edge (which then refreshes it
   * with its own heartbeat). Long enough for the device check before joining.
   */
  pendingTtlMs?: number
  /**
   * The edge URL the asking client lost or could not connect to. When the room's owner has this
   * URL, the owner is probed before it is handed out again.
   */
  unreachable?: string
  /** Asks an edge whether it is alive (edge-probe.ts's probeEdge); without it the registry's word stands. */
  probe?: (url: string) => Promise<EdgeProbe>
}

/**
 * The web app's side: the URL of the edge that hosts the room, assigning the least-loaded live
 * edge when no live edge owns it yet (the first joiner's edge is the meeting's edge, and two web
 * instances asking at once get the same answer). Without Redis, the single edge's URL; null when
 * Redis knows no live edge (the client then shows the connection error).
 */
export async function edgeUrlForRoom(
  redis: Redis | null,
  roomId: string,
  fallbackUrl: string,
  options: EdgeUrlOptions = {},
): Promise<string | null> {
  if (!redis) return fallbackUrl
  const keys = options.keys ?? EDGE_KEYS
  const pendingTtlMs = options.pendingTtlMs ?? 120_000

  const owner = await redis.get(keys.roomOwner(roomId))
  if (owner) {
    const record = parseRecord(await redis.get(keys.edge(owner)))
    if (record && !(await reportedDead(record, options))) return record.url
    // Dead for sure (its port refuses connections): out of the registry now rather than at the
    // expiry, so the claim below takes the room over and no other room is sent there. Were it
    // alive after all, its next heartbeat registers it again and sends its clients after any room
    // taken meanwhile (onRoomLost).
    if (record) await redis.del(keys.edge(record.id))
  }
  // An edge can die between listing and claiming: list again then, a few times at most.
  for (let attempt = 0; attempt < 3; attempt++) {
    const edges = await liveEdges(redis, keys)
    if (edges.length === 0) return null
    const candidate = leastLoaded(edges)
    const winner = await claim(redis, keys, roomId, candidate.id, pendingTtlMs)
    if (winner === candidate.id) return candidate.url
    if (winner) {
      const record = edges.find((edge) => edge.id === winner) ?? parseRecord(await redis.get(keys.edge(winner)))
      if (record) return record.url
    }
  }
  return null
}

/** A client lost the owner, and the owner's /healthz says it is gone (only a definite answer counts). */
async function reportedDead(record: EdgeRecord, options: EdgeUrlOptions): Promise<boolean> {
  if (!options.probe || !options.unreachable || record.url !== options.unreachable) return false
  return (await options.probe(record.url)) === 'dead'
}
