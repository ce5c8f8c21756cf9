import type { Redis } from 'ioredis'
import { Op, literal } from 'sequelize'
import { RateLimit } from '#models/index'
import { env } from './env.server'
import type { TranslationKey } from '../i18n/i18n'
import { logger } from './logger.server'
import { webRedis } from './redis.server'

export type Limit = { name: string; max: number; windowSeconds: number }

/** The limits on sign-in codes (spec: "rate-limit codes and logins"). */
export const LIMITS = {
  codesPerIdentifier: { name: 'code-identifier', max: 5, windowSeconds: 15 * 60 },
  codesPerAddress: { name: 'code-address', max: env.CODES_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * 60 },
  verificationsPerAddress: { name: 'verify-address', max: env.CODE_CHECKS_PER_ADDRESS_PER_15_MIN, windowSeconds: 15 * 60 },
  codesPerAccountPerDay: { name: 'code-account', max: env.CODES_PER_ACCOUNT_PER_DAY, windowSeconds: 24 * 3600 },
  // Meeting passes (the room page and /resources/edge-token) one client address is issued.
  edgePassesPerAddress: { name: 'edge-pass-address', max: env.EDGE_PASSES_PER_ADDRESS_PER_10_MIN, windowSeconds: 10 * 60 },
  // Messages left for a host from the waiting room (ours; the spec gives none): a guest needs no
  // account, so a caller id (a cookie) is cheap to change; the client address caps them as well.
  callMessagesPerCaller: { name: 'call-message-caller', max: 5, windowSeconds: 60 * 60 },
  callMessagesPerAddress: { name: 'call-message-address', max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>

/** Why a code is not sent, in the words the person reads: `{ message, minutes }` for t(). */
export type CodeRefusal = { message: TranslationKey; minutes: number }

/**
 * Every limit on sending one code (sign-in, sign-up, address change), the first one reached saying
 * why: per address or number, per client IP, and per account per day. `account` is the account
 * the code is for (the user's id, whatever address it goes to; for a sign-up, the address that will
 * be the account), so an account's email and phone and all its flows share one daily cap.
 */
export async function limitCodeSending({ identifier, account, clientAddress }: { identifier: string; account: string; clientAddress: string }): Promise<CodeRefusal | null> {
  for (const [limit, subject] of [
    [LIMITS.codesPerIdentifier, identifier],
    [LIMITS.codesPerAddress, clientAddress],
    [LIMITS.codesPerAccountPerDay, account],
  ] as const) {
    const { allowed, retryAfterSeconds } = await hit(limit, subject)
    if (!allowed) {
      return limit === LIMITS.codesPerAccountPerDay
        ? { message: 'auth:otpAndLinks.dailyCap', minutes: Math.ceil(retryAfterSeconds / 60) }
        : { message: 'auth:errors.tooMany', minutes: Math.ceil(retryAfterSeconds / 60) }
    }
  }
  return null
}

/**
 * Counts one hit against a fixed window and says whether it is still within the limit. Redis when
 * REDIS_URL is set (shared by every web instance), the database otherwise.
 */
export async function hit(limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `rl:${limit.name}:${subject}`.slice(0, 191)
  const redis = webRedis()
  const { count, resetAt } = redis ? await hitRedis(redis, key, limit) : await hitDatabase(key, limit)
  const allowed = count <= limit.max
  if (!allowed) logger.warn({ limit: limit.name }, 'rate limit reached')
  return { allowed, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) }
}

async function hitRedis(redis: Redis, key: string, limit: Limit) {
  const [[, count], [, ttl]] = (await redis
    .multi()
    .incr(key)
    .expire(key, limit.windowSeconds, 'NX')
    .ttl(key)
    .exec()) as [[null, number], [null, number], [null, number]]
  return { count, resetAt: Date.now() + Math.max(ttl, 0) * 1000 }
}

/**
 * Plain statements, no transaction: on SQLite a transaction takes a connection of its own without
 * the busy timeout, so concurrent hits failed. Two first hits racing may both start the window at 1,
 * which undercounts by one at worst.
 */
async function hitDatabase(key: string, limit: Limit) {
  const now = new Date()
  const [updated] = await RateLimit.update(
    { count: literal('count + 1') as unknown as number },
    { where: { key, resetAt: { [Op.gt]: now } } },
  )
  if (!updated) {
    await RateLimit.upsert({ key, count: 1, resetAt: new Date(now.getTime() + limit.windowSeconds * 1000) })
  }
  const row = await RateLimit.findByPk(key)
  return { count: row?.count ?? 1, resetAt: row?.resetAt.getTime() ?? now.getTime() + limit.windowSeconds * 1000 }
}
