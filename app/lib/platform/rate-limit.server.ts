import type { Redis } from 'ioredis'
import { Op, literal } from 'sequelize'
import { RateLimit } from '#models/index'
import { env } from './env.server'
import type { TranslationKey } from '../i18n/i18n'
import { logger } from './logger.server'
import { webRedis } from './redis.server'

export type Limit = { name: string; max: number; windowSeconds: number }

/** The limits on sign-in codes ("rate-limit codes and logins"). */
export const LIMITS = {
  codesPerIdentifier: { name: 'code-identifier', max: 5, windowSeconds: 15 * 60 },
  codesPerAddress: { name: 'code-address', max: env.CODES_PER_ADDRESS_PER_HOUR, windowSeconds: 60 * 60 },
  verificationsPerAddress: {
    name: 'verify-address',
    max: env.CODE_CHECKS_PER_ADDRESS_PER_15_MIN,
    windowSeconds: 15 * 60,
  },
  codesPerAccountPerDay: { name: 'code-account', max: env.CODES_PER_ACCOUNT_PER_DAY, windowSeconds: 24 * 3600 },
  // Meeting passes (the room page and /resources/edge-token) one client address is issued.
  edgePassesPerAddress: {
    name: 'edge-pass-address',
    max: env.EDGE_PASSES_PER_ADDRESS_PER_10_MIN,
    windowSeconds: 10 * 60,
  },
  // Messages left for a host from the waiting room (ours): a guest needs no
  // account, so a caller id (a cookie) is cheap to change; the client address caps them as well.
  callMessagesPerCaller: { name: 'call-message-caller', max: 5, windowSeconds: 60 * 60 },
  callMessagesPerAddress: { name: 'call-message-address', max: 20, windowSeconds: 60 * 60 },
  // Pictures chosen on the meeting's device check: a guest needs no account, so per person (a guest's
  // cookie id) and per client address, as for messages left for a host.
  meetingAvatarsPerPerson: { name: 'meeting-avatar-person', max: 10, windowSeconds: 60 * 60 },
  meetingAvatarsPerAddress: { name: 'meeting-avatar-address', max: 30, windowSeconds: 60 * 60 },
  // Mail and SMS to people outside the app (ours; docs/security.md): every message that reaches one, a new
  // conversation or a reply alike, from the messages page or from a reply link, per sender (an
  // account, a guest caller, a reply link's participant) and per outside address whoever sends. An
  // SMS costs money and lands on a phone: far fewer of those.
  outsideMailsPerSender: { name: 'outside-mail-sender', max: 20, windowSeconds: 60 * 60 },
  outsideSmsPerSender: { name: 'outside-sms-sender', max: 5, windowSeconds: 60 * 60 },
  outsideMailsPerAddress: { name: 'outside-mail-address', max: 40, windowSeconds: 24 * 3600 },
  outsideSmsPerAddress: { name: 'outside-sms-address', max: 10, windowSeconds: 24 * 3600 },
  // Install instructions, one per recipient mail, beyond the community's own hourly sends: per admin
  // account and for the whole installation, since a community costs nothing to create.
  instructionMailsPerAccount: { name: 'instructions-account', max: 100, windowSeconds: 24 * 3600 },
  instructionMailsPerInstallation: { name: 'instructions-installation', max: 300, windowSeconds: 60 * 60 },
  // Sign-in links an admin sends to members through POST /api/ml/send, one per recipient, per admin account.
  signInLinksPerAccount: { name: 'sign-in-links-account', max: 200, windowSeconds: 24 * 3600 },
  // Registration imports: each row is a person the import may mail a confirmation to, counted when
  // the import is asked for, per admin account and for the whole installation (a file holds 1000).
  importConfirmationsPerAccount: { name: 'import-confirm-account', max: 2000, windowSeconds: 24 * 3600 },
  importConfirmationsPerInstallation: { name: 'import-confirm-installation', max: 3000, windowSeconds: 60 * 60 },
  // JSON API calls made with one personal access token (docs/api.md#tokens): a script, not a person.
  apiCallsPerToken: { name: 'api-token', max: env.API_CALLS_PER_TOKEN_PER_MINUTE, windowSeconds: 60 },
} satisfies Record<string, Limit>

/** The subject of a limit that holds for the whole installation (every web instance shares the count). */
export const INSTALLATION = 'installation'

/** Why a code is not sent, in the words the person reads: `{ message, minutes }` for t(). */
export type CodeRefusal = { message: TranslationKey; minutes: number }

/**
 * Every limit on sending one code (sign-in, sign-up, address change), the first one reached saying
 * why: per address or number, per client IP, and per account per day. `account` is the account
 * the code is for (the user's id, whatever address it goes to; for a sign-up, the address that will
 * be the account), so an account's email and phone and all its flows share one daily cap.
 */
export async function limitCodeSending({
  identifier,
  account,
  clientAddress,
}: {
  identifier: string
  account: string
  clientAddress: string
}): Promise<CodeRefusal | null> {
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
 * Counts one hit (or `amount` at once) against a fixed window and says whether it is still within
 * the limit. Redis when REDIS_URL is set (shared by every web instance), the database otherwise.
 */
export async function hit(
  limit: Limit,
  subject: string,
  amount = 1,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = keyOf(limit, subject)
  const redis = webRedis()
  const { count, resetAt } = redis ? await hitRedis(redis, key, limit, amount) : await hitDatabase(key, limit, amount)
  const allowed = count <= limit.max
  if (!allowed) logger.warn({ limit: limit.name }, 'rate limit reached')
  return { allowed, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) }
}

const keyOf = (limit: Limit, subject: string) => `rl:${limit.name}:${subject}`.slice(0, 191)

export type Hit = { limit: Limit; subject: string; amount?: number }

/**
 * Counts each hit in turn (`amount` at once: a mail to 30 recipients is 30), the first over its
 * limit saying why. A refused request is taken back from every count it raised, so the counts are
 * of what was let through: one large refused request does not spend the room left for a small one.
 */
export async function hitEach(hits: Hit[]): Promise<{ limit: Limit; retryAfterSeconds: number } | null> {
  const counted: Hit[] = []
  for (const entry of hits) {
    if ((entry.amount ?? 1) <= 0) continue
    const { allowed, retryAfterSeconds } = await hit(entry.limit, entry.subject, entry.amount)
    counted.push(entry)
    if (!allowed) {
      await Promise.all(counted.map(({ limit, subject, amount }) => release(keyOf(limit, subject), amount ?? 1)))
      return { limit: entry.limit, retryAfterSeconds }
    }
  }
  return null
}

/** Takes `amount` back from a count while its window lasts (an expired one is left to start afresh). */
async function release(key: string, amount: number) {
  const redis = webRedis()
  if (redis) {
    await redis.eval(
      "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decrby', KEYS[1], ARGV[1]) end return 0",
      1,
      key,
      amount,
    )
    return
  }
  await RateLimit.update(
    { count: literal(`count - ${Math.trunc(amount)}`) as unknown as number },
    { where: { key, resetAt: { [Op.gt]: new Date() } } },
  )
}

async function hitRedis(redis: Redis, key: string, limit: Limit, amount: number) {
  // [incrby, expire, ttl]: the expire's answer is skipped.
  const [[, count], , [, ttl]] = (await redis
    .multi()
    .incrby(key, amount)
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
async function hitDatabase(key: string, limit: Limit, amount: number) {
  const now = new Date()
  const [updated] = await RateLimit.update(
    { count: literal(`count + ${Math.trunc(amount)}`) as unknown as number },
    { where: { key, resetAt: { [Op.gt]: now } } },
  )
  if (!updated) {
    await RateLimit.upsert({ key, count: amount, resetAt: new Date(now.getTime() + limit.windowSeconds * 1000) })
  }
  const row = await RateLimit.findByPk(key)
  return { count: row?.count ?? amount, resetAt: row?.resetAt.getTime() ?? now.getTime() + limit.windowSeconds * 1000 }
}
