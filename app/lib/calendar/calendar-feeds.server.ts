// A person's secret calendar address (docs/user-guide.md#your-account): made, replaced and turned off by
// its owner on /me/calendar, shown once, kept only as a SHA-256 (like an API token,
// app/lib/api-tokens/api-tokens.server.ts). Whoever holds the address reads the owner's calendar feed
// (feeds.server.ts) without signing in: that is what lets a calendar app subscribe to it.
import { createHash, randomBytes } from 'node:crypto'
import { UniqueConstraintError } from 'sequelize'
import { CalendarFeed, User } from '#models/index'
import { env } from '../platform/env.server'

/** What every secret starts with: it tells a leaked address for what it is. */
const SECRET_PREFIX = 'hcal_'
/** 24 random bytes, base64url: 32 characters, 192 bits nobody guesses. */
const SECRET_PATTERN = /^hcal_[A-Za-z0-9_-]{32}$/
/** How much of the secret its owner sees on the page, to tell which address their calendars hold. */
const SHOWN_CHARACTERS = SECRET_PREFIX.length + 6
/** A calendar's read is noted at most this often: apps poll, and a read is not a write each time. */
const LAST_READ_EVERY_MS = 15 * 60_000

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** Where a secret's feed is read: the address the owner gives their calendar app. */
export const feedPath = (secret: string) => `/me/calendar/${secret}.ics`
export const feedUrl = (secret: string) => `${env.PUBLIC_URL}${feedPath(secret)}`

/** The owner's address as their page shows it (never the secret), or null when they have none. */
export async function feedOf(userId: string) {
  const feed = await CalendarFeed.findOne({ where: { userId } })
  return feed
    ? {
        prefix: feed.prefix,
        /** The path's beginning, as the owner's calendar settings show it (short enough for a phone). */
        start: feedPath(feed.prefix).replace(/\.ics$/, ''),
        createdAt: feed.createdAt.toISOString(),
        lastReadAt: feed.lastReadAt?.toISOString() ?? null,
      }
    : null
}

/**
 * A new address for its owner, replacing the one they had (which stops working at once, in the same
 * transaction); the secret is in the answer only, never stored.
 */
export async function makeFeed(userId: string, retried = false): Promise<{ secret: string }> {
  const secret = SECRET_PREFIX + randomBytes(24).toString('base64url')
  try {
    await CalendarFeed.sequelize!.transaction(async (transaction) => {
      await CalendarFeed.destroy({ where: { userId }, transaction })
      await CalendarFeed.create(
        { userId, prefix: secret.slice(0, SHOWN_CHARACTERS), secretHash: hashOf(secret) },
        { transaction },
      )
    })
  } catch (error) {
    // Two clicks at once: the other made its row between this one's delete and insert. Once more
    // replaces it, so the address this answer shows is the one that works.
    if (error instanceof UniqueConstraintError && !retried) return makeFeed(userId, true)
    throw error
  }
  return { secret }
}

/** Turns the owner's address off at once; false when they had none. */
export async function turnOffFeed(userId: string): Promise<boolean> {
  return (await CalendarFeed.destroy({ where: { userId } })) > 0
}

/**
 * Whose calendar a secret reads, when it is one that works (an address never made, replaced or
 * turned off is null), noting the read. Takes the path's last segment as it came (`{secret}.ics`).
 */
export async function feedOwner(file: string | undefined, now = new Date()): Promise<User | null> {
  const secret = file?.endsWith('.ics') ? file.slice(0, -'.ics'.length) : ''
  if (!SECRET_PATTERN.test(secret)) return null
  const feed = await CalendarFeed.findOne({ where: { secretHash: hashOf(secret) } })
  if (!feed) return null
  const owner = await User.findByPk(feed.userId)
  if (!owner) return null
  if (!feed.lastReadAt || now.getTime() - feed.lastReadAt.getTime() >= LAST_READ_EVERY_MS)
    await feed.update({ lastReadAt: now })
  return owner
}
