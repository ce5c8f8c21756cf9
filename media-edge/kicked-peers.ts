// Who was kicked from a meeting, so they cannot come straight back: not with the pass the kicked
// page holds, nor with a fresh one after a reload. Kept by user id for the rest of the meeting (a
// new meeting of the room starts clean). A guest's user id is the browser's (`guest:<id>`, from a
// signed cookie), so a kicked guest stays out like a kicked member; every pass carries a user id,
// so the pass needs no entry of its own. In Redis when configured, so an edge that takes a
// meeting over after a restart still refuses them; in memory otherwise.
import type { Redis } from 'ioredis'
import { EDGE_KEYS, type EdgeKeys } from './contract/protocol'

/** Longer than any meeting; the meeting's own end makes it moot sooner. */
const KEEP_MS = 24 * 3600 * 1000

export interface KickedPeers {
  add(meetingRoomId: string, userId: string): Promise<void>
  has(meetingRoomId: string, userId: string): Promise<boolean>
}

const entry = (userId: string) => `user:${userId}`

export function memoryKickedPeers(now = () => Date.now()): KickedPeers {
  const kicked = new Map<string, Map<string, number>>()
  return {
    async add(meetingRoomId, userId) {
      const meeting = kicked.get(meetingRoomId) ?? new Map<string, number>()
      const time = now()
      for (const [known, expiresAt] of meeting) if (expiresAt <= time) meeting.delete(known)
      meeting.set(entry(userId), time + KEEP_MS)
      kicked.set(meetingRoomId, meeting)
    },
    async has(meetingRoomId, userId) {
      return (kicked.get(meetingRoomId)?.get(entry(userId)) ?? 0) > now()
    },
  }
}

/** A sorted set per meeting: each entry scored with its expiry time. */
export function redisKickedPeers(redis: Redis, keys: EdgeKeys = EDGE_KEYS, now = () => Date.now()): KickedPeers {
  return {
    async add(meetingRoomId, userId) {
      const key = keys.kicked(meetingRoomId)
      const time = now()
      await redis
        .multi()
        .zremrangebyscore(key, '-inf', time)
        .zadd(key, time + KEEP_MS, entry(userId))
        .pexpire(key, KEEP_MS)
        .exec()
    },
    async has(meetingRoomId, userId) {
      const score = await redis.zscore(keys.kicked(meetingRoomId), entry(userId))
      return score !== null && Number(score) > now()
    },
  }
}
