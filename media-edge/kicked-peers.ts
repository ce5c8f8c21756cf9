// Who was kicked from a meeting, so they cannot come straight back. A kicked page may reconnect
// with the pass it holds, and a signed-in person may reload for a fresh pass: both are refused.
// The pass is remembered for twice its lifetime (EDGE_TOKEN_TTL_SECONDS), a signed-in user for the
// rest of the meeting (a new meeting of the room starts clean). A guest's id is kept the same way:
// the web app gives each browser one guest id (its __guest cookie), so a kicked guest who reloads
// for a fresh pass is refused like a member. In Redis when configured, so an edge that takes a
// meeting over after a restart still refuses them; in memory otherwise.
import type { Redis } from 'ioredis'
import { EDGE_KEYS, EDGE_TOKEN_TTL_SECONDS, type EdgeKeys } from './protocol'

const PASS_KEEP_MS = 2 * EDGE_TOKEN_TTL_SECONDS * 1000
/** Longer than any meeting; the meeting's own end makes it moot sooner. */
const USER_KEEP_MS = 24 * 3600 * 1000

export interface KickedPeer {
  tokenId: string
  userId: string
}

export interface KickedPeers {
  add(meetingRoomId: string, peer: KickedPeer): Promise<void>
  has(meetingRoomId: string, peer: KickedPeer): Promise<boolean>
}

/** The entries a kick records, each with how long it is kept. */
function entries({ tokenId, userId }: KickedPeer): Array<[string, number]> {
  return [
    [`pass:${tokenId}`, PASS_KEEP_MS],
    [`user:${userId}`, USER_KEEP_MS],
  ]
}

export function memoryKickedPeers(now = () => Date.now()): KickedPeers {
  const kicked = new Map<string, Map<string, number>>()
  return {
    async add(meetingRoomId, peer) {
      const meeting = kicked.get(meetingRoomId) ?? new Map<string, number>()
      const time = now()
      for (const [entry, expiresAt] of meeting) if (expiresAt <= time) meeting.delete(entry)
      for (const [entry, keepMs] of entries(peer)) meeting.set(entry, time + keepMs)
      kicked.set(meetingRoomId, meeting)
    },
    async has(meetingRoomId, peer) {
      const meeting = kicked.get(meetingRoomId)
      return entries(peer).some(([entry]) => (meeting?.get(entry) ?? 0) > now())
    },
  }
}

/** A sorted set per meeting: each entry scored with its expiry time. */
export function redisKickedPeers(redis: Redis, keys: EdgeKeys = EDGE_KEYS, now = () => Date.now()): KickedPeers {
  return {
    async add(meetingRoomId, peer) {
      const key = keys.kicked(meetingRoomId)
      const time = now()
      const transaction = redis.multi().zremrangebyscore(key, '-inf', time)
      for (const [entry, keepMs] of entries(peer)) transaction.zadd(key, time + keepMs, entry)
      await transaction.pexpire(key, USER_KEEP_MS).exec()
    },
    async has(meetingRoomId, peer) {
      const scores = await redis.zmscore(keys.kicked(meetingRoomId), ...entries(peer).map(([entry]) => entry))
      return scores.some((score) => score !== null && Number(score) > now())
    },
  }
}
