// Personal access tokens (docs/decisions/0021-api-tokens.md): made and revoked by their owner on
// /me/tokens, shown once, kept only as a SHA-256. A call with `Authorization: Bearer …` is answered as
// its owner, capped by the token (models/token-cap.ts); the pages never read it.
import { createHash, randomBytes } from 'node:crypto'
import { Op, type Transaction, type WhereOptions } from 'sequelize'
import { ApiToken, Brand, User, type TokenScope } from '#models/index'

/** What every token starts with: it tells a leaked secret for what it is (secret scanners look for it). */
export const TOKEN_PREFIX = 'hearth_'
/** How much of a token its owner sees in the list, to tell tokens apart. */
const SHOWN_CHARACTERS = TOKEN_PREFIX.length + 6
/** The last-used time and address are written at most this often: a busy token is not a write per call. */
const LAST_USED_EVERY_MS = 60_000
const DAY_MS = 24 * 3600 * 1000

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** A new token for its owner; the secret is in the answer only, never stored. */
export async function createToken(input: {
  userId: string
  name: string
  scope: TokenScope
  brandId: string | null
  lifetimeDays: number
  now?: Date
  transaction?: Transaction
}): Promise<{ token: ApiToken; secret: string }> {
  const secret = TOKEN_PREFIX + randomBytes(32).toString('base64url')
  const now = input.now ?? new Date()
  const token = await ApiToken.create(
    {
      userId: input.userId,
      brandId: input.brandId,
      name: input.name,
      scope: input.scope,
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      tokenHash: hashOf(secret),
      expiresAt: new Date(now.getTime() + input.lifetimeDays * DAY_MS),
    },
    { transaction: input.transaction },
  )
  return { token, secret }
}

/** Tokens that still work, of these owners (a person, or a community's bots), newest first. */
const working = (userId: string | string[], now: Date): WhereOptions<ApiToken> => ({
  userId,
  revokedAt: null,
  expiresAt: { [Op.gt]: now },
})

/** The owner's tokens that still work, newest first, with the community each is kept to. */
export function listTokens(userId: string | string[], now = new Date()) {
  return tokenRows(working(userId, now))
}

async function tokenRows(where: WhereOptions<ApiToken>) {
  const tokens = await ApiToken.findAll({ where, order: [['createdAt', 'DESC']] })
  const brandIds = [...new Set(tokens.map((token) => token.brandId).filter((id): id is string => id !== null))]
  const brands = brandIds.length ? await Brand.findAll({ attributes: ['id', 'name'], where: { id: brandIds } }) : []
  const names = new Map(brands.map((brand) => [brand.id, brand.name]))
  return tokens.map((token) => ({
    id: token.id,
    name: token.name,
    scope: token.scope,
    prefix: token.prefix,
    community: token.brandId ? (names.get(token.brandId) ?? null) : null,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: token.lastUsedAddress,
  }))
}

/** Tokens that still work, per person: enough for every script, and a stop to a loop that makes them. */
export const TOKENS_PER_PERSON = 50

/** How many of the owner's tokens (a person's, or a community's bots') still work. */
export function liveTokenCount(userId: string | string[], now = new Date()): Promise<number> {
  return ApiToken.count({ where: working(userId, now) })
}

/** Revokes one of the owner's tokens at once: its name, or null when they have no such token that works. */
export async function revokeToken(userId: string, tokenId: string): Promise<string | null> {
  const token = await ApiToken.findOne({ where: { id: tokenId, userId, revokedAt: null } })
  if (!token) return null
  await token.update({ revokedAt: new Date() })
  return token.name
}

/**
 * The secret an `Authorization: Bearer …` header carries ('' when it is malformed); null when the request carries
 * none. Another scheme is not ours: a browser behind a site's basic auth sends `Basic` with every call, and its
 * session still answers.
 */
export function bearerSecret(request: Request): string | null {
  const header = request.headers.get('Authorization')?.trim() ?? ''
  if (!/^Bearer\b/i.test(header)) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match ? match[1]! : ''
}

/**
 * The token a secret is and its owner, when it works: not revoked, not expired, its owner still there,
 * and its community (when it has one) still open. Its last use is noted (time and address).
 */
export async function tokenOf(secret: string, clientAddress: string, now = new Date()) {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 100) return null
  const token = await ApiToken.findOne({ where: { tokenHash: hashOf(secret) } })
  if (!token || token.revokedAt || token.expiresAt <= now) return null
  const [user, brand] = await Promise.all([
    User.findByPk(token.userId),
    token.brandId ? Brand.findOne({ attributes: ['id'], where: { id: token.brandId, status: 'active' } }) : null,
  ])
  if (!user || (token.brandId && !brand)) return null
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // An IPv4 client on a dual-stack socket reads ::ffff:192.0.2.1: its owner knows it as 192.0.2.1.
    const address = clientAddress.replace(/^::ffff:(?=\d+\.)/, '')
    await token.update({ lastUsedAt: now, lastUsedAddress: address.slice(0, 64) })
  }
  return { token, user }
}
