// The daily digest (frequency live or daily): once a day, at DIGEST_HOUR_UTC,
// each member with notifications waiting for it gets one mail listing them. The database is the
// truth, as for scheduled posts (app/lib/posts/post-scheduler.server.ts): a member's digest slot
// is claimed by one conditional UPDATE of their setting's lastDigestAt, and each notification by
// one of its mailedAt, so however many runners (a BullMQ job, a poller, two processes, a restart
// in between) look at the same day, each notification is mailed at most once.
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { Op } from 'sequelize'
import { Brand, Notification, NotificationSetting, User } from '#models/index'
import { env } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { digestsSent, jobFailures } from '../platform/metrics.server'
import { describeNotifications } from './notification-items.server'
import { sendDigest } from './notification-mail.server'
import { digestSlot } from './notification-rules'

/** How often a runner looks whether a digest is due: a digest is at most this late after its hour. */
export const DIGEST_CHECK_MS = 10 * 60_000

/** Claims the member's digest for the slot (the day's digest time); false when it was already sent for it. */
async function claimSlot(brandId: string, userId: string, slot: Date, now: Date): Promise<boolean> {
  const [setting] = await NotificationSetting.findOrCreate({
    where: { brandId, userId, roomId: null },
    defaults: { brandId, userId, roomId: null },
  })
  const [claimed] = await NotificationSetting.update(
    { lastDigestAt: now },
    { where: { id: setting.id, [Op.or]: [{ lastDigestAt: null }, { lastDigestAt: { [Op.lt]: slot } }] } },
  )
  return claimed === 1
}

/** One member's digest in one community: the waiting notifications, claimed, then mailed together. */
async function digestFor(brandId: string, userId: string, now: Date): Promise<boolean> {
  const waiting = await Notification.findAll({
    attributes: ['id'],
    where: { brandId, recipientId: userId, delivery: 'daily', mailedAt: null },
    order: [['createdAt', 'ASC']],
    limit: 200,
  })
  if (waiting.length === 0) return false
  // The claim stamps the rows with this run's time: only those it stamped are this run's to mail.
  await Notification.update({ mailedAt: now }, { where: { id: waiting.map((row) => row.id), mailedAt: null } })
  const mine = await Notification.findAll({
    where: { id: waiting.map((row) => row.id), mailedAt: now },
    order: [['createdAt', 'ASC']],
  })
  if (mine.length === 0) return false
  const [user, brand] = await Promise.all([User.findByPk(userId), Brand.findByPk(brandId)])
  if (!user || !brand) return false
  const items = await describeNotifications(mine)
  try {
    await sendDigest(
      user,
      brand,
      mine.map((row) => items.get(row.id)!),
    )
  } catch (error) {
    // The outbox keeps the failed mail; the notifications stay in the panel and are not mailed again.
    logger.warn({ err: error, brandId }, 'notification digest not sent')
    jobFailures.inc({ job: 'digest' })
  }
  return true
}

/** One pass: every member whose day's digest is due and has notifications waiting gets it. Returns how many digests went out. */
export async function sendDueDigests(now = new Date()): Promise<number> {
  const slot = digestSlot(now)
  const pending = await Notification.findAll({
    attributes: ['brandId', 'recipientId'],
    where: { delivery: 'daily', mailedAt: null, createdAt: { [Op.lte]: now } },
    group: ['brandId', 'recipientId'],
    limit: 1000,
  })
  let sent = 0
  for (const { brandId, recipientId } of pending) {
    if (!(await claimSlot(brandId, recipientId, slot, now))) continue
    if (await digestFor(brandId, recipientId, now)) sent += 1
  }
  if (sent) logger.info({ sent }, 'notification digests sent')
  digestsSent.inc(sent)
  return sent
}

export type DigestRunner = { start(): Promise<void>; stop(): Promise<void> }

/** Without Redis: a pass now and every DIGEST_CHECK_MS. */
export function pollingDigest({ intervalMs = DIGEST_CHECK_MS }: { intervalMs?: number } = {}): DigestRunner {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  let stopped = false
  const tick = () => {
    running = sendDueDigests()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'notification digest: pass failed')
        jobFailures.inc({ job: 'digest' })
      })
      .finally(() => {
        running = null
        if (!stopped) {
          timer = setTimeout(tick, intervalMs)
          timer.unref()
        }
      })
  }
  return {
    async start() {
      stopped = false
      if (!running && !timer) tick()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}

const QUEUE_NAME = 'notification-digests'

/** With Redis: one repeating BullMQ job (one id, so several processes share it) runs the pass on whichever worker takes it. */
export function queueDigest({
  redisUrl,
  prefix = 'hearth',
  intervalMs = DIGEST_CHECK_MS,
}: {
  redisUrl: string
  prefix?: string
  intervalMs?: number
}): DigestRunner {
  const connect = (maxRetriesPerRequest: number | null) => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest })
    redis.on('error', (error: unknown) => logger.warn({ err: error }, 'notification digest: redis connection error'))
    return redis
  }
  const queueConnection = connect(2)
  const queue = new Queue(QUEUE_NAME, { connection: queueConnection, prefix })
  let worker: Worker | null = null
  let workerConnection: Redis | null = null
  let stopped = false
  return {
    async start() {
      if (worker || stopped) return
      workerConnection = connect(null)
      worker = new Worker(QUEUE_NAME, async () => sendDueDigests(), { connection: workerConnection, prefix })
      worker.on('error', (error) => {
        logger.warn({ err: error }, 'notification digest: worker error')
        jobFailures.inc({ job: 'digest' })
      })
      await queue.upsertJobScheduler(
        'digest',
        { every: intervalMs },
        { name: 'digest', opts: { removeOnComplete: true, removeOnFail: true } },
      )
      // A pass at start: a digest due while no process ran goes out now, not at the next repeat.
      await queue.add('digest', {}, { removeOnComplete: true, removeOnFail: true })
    },
    async stop() {
      // A stopped runner stays stopped (its queue connection is gone): a second stop does nothing.
      if (stopped) return
      stopped = true
      await worker?.close()
      worker = null
      await queue.close()
      workerConnection?.disconnect()
      queueConnection.disconnect()
    },
  }
}

/** Starts this process's digest runner (server.js does, beside the post scheduler); returns the function that stops it. */
export function startNotificationDigest({
  redisUrl = env.REDIS_URL,
}: { redisUrl?: string | null } = {}): () => Promise<void> {
  const runner = redisUrl ? queueDigest({ redisUrl }) : pollingDigest()
  void runner.start().catch((error: unknown) => logger.warn({ err: error }, 'notification digest: start failed'))
  return () => runner.stop()
}
