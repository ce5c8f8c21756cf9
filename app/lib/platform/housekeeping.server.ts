import { Op } from 'sequelize'
import { AuthCode, MagicLink, OutboxMessage, RateLimit, Session } from '#models/index'
import { logger } from './logger.server'
import { jobFailures } from './metrics.server'

/** How often each web process prunes: expired rows do no harm for an hour, and the work is small. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000
/** Spent or expired links stay a day, so a late click still offers to sign in and go where it led. */
export const EXPIRED_LINK_RETENTION_MS = 24 * 3600 * 1000
/** Delivered mail and SMS stay a week in the outbox: long enough to answer "did it go out?". */
export const DELIVERED_OUTBOX_RETENTION_MS = 7 * 24 * 3600 * 1000

export type Pruned = { sessions: number; authCodes: number; magicLinks: number; rateLimits: number; outbox: number }

/**
 * Deletes what can no longer be used: expired sessions, codes and rate-limit windows, links expired
 * a day ago, delivered outbox rows a week old. Each is one DELETE by time, so several web processes
 * running it at once only find less to delete (no read-then-write to race), and what is still live
 * is never touched: every condition is on an expiry in the past.
 */
export async function pruneExpired(now = new Date()): Promise<Pruned> {
  const before = (ms: number) => new Date(now.getTime() - ms)
  const [sessions, authCodes, magicLinks, rateLimits, outbox] = [
    await Session.destroy({ where: { expiresAt: { [Op.lte]: now } } }),
    await AuthCode.destroy({ where: { expiresAt: { [Op.lte]: now } } }),
    await MagicLink.destroy({ where: { expiresAt: { [Op.lte]: before(EXPIRED_LINK_RETENTION_MS) } } }),
    await RateLimit.destroy({ where: { resetAt: { [Op.lte]: now } } }),
    await OutboxMessage.destroy({
      where: { status: 'sent', sentAt: { [Op.lte]: before(DELIVERED_OUTBOX_RETENTION_MS) } },
    }),
  ]
  return { sessions, authCodes, magicLinks, rateLimits, outbox }
}

/**
 * Runs pruneExpired every `intervalMs` in this process (the web server starts it), the first run
 * after a random part of the interval so processes started together do not all run at once. The
 * timer is unref'd: it never keeps the process alive. Returns a function that stops it.
 */
export function startHousekeeping(intervalMs = PRUNE_INTERVAL_MS): () => void {
  const run = async () => {
    try {
      const pruned = await pruneExpired()
      logger.info({ pruned }, 'housekeeping: expired rows pruned')
    } catch (error) {
      // A database hiccup must not take the web server down; the next run tries again.
      logger.warn({ err: error }, 'housekeeping: pruning failed')
      jobFailures.inc({ job: 'housekeeping' })
    }
  }
  let interval: NodeJS.Timeout | undefined
  const first = setTimeout(
    () => {
      void run()
      interval = setInterval(() => void run(), intervalMs)
      interval.unref()
    },
    Math.floor(Math.random() * intervalMs),
  )
  first.unref()
  return () => {
    clearTimeout(first)
    if (interval) clearInterval(interval)
  }
}
