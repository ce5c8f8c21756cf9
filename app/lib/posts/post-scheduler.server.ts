// Scheduled posts published on time (a scheduled post carries its draftPostTime). The database is
// the truth: a post is scheduled while its status says so, and it is published by one conditional
// UPDATE (status 'scheduled' → 'published', only when due). Whatever runs that update (a BullMQ
// job, a poller, both, twice, in two processes) publishes the post once. The queue only makes it
// punctual; losing the queue loses nothing, since start() re-enqueues every scheduled post the
// queue does not hold.
import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import { Op, type WhereOptions } from 'sequelize'
import { Brand, Post } from '#models/index'
import { screenPost, type ModerationDeps } from '../moderation/moderation.server'
import { notify } from '../notifications/notify.server'
import { env } from '../platform/env.server'
import { logger } from '../platform/logger.server'
import { jobFailures, postsPublished } from '../platform/metrics.server'
import { mayPostIn } from './post-guard.server'
import { announce } from './posts.server'

export type PostScheduler = {
  /** Publish the post at `at` (again: a second schedule of the same post replaces the first). */
  schedule(postId: string, at: Date): Promise<void>
  /** Forget the post's publication (cancelled, published now or deleted). */
  cancel(postId: string): Promise<void>
  start(): Promise<void>
  /** Stops taking work; what is due later is left to the next process's start(). */
  stop(): Promise<void>
}

/** How often the poller (no Redis) looks for due posts: a post is at most this late. */
export const POLL_INTERVAL_MS = 5_000
/** How often the queue path checks that every scheduled post still has its job (a Redis flush, a clock skew). */
export const RECOVERY_INTERVAL_MS = 60_000

/**
 * Publishes the post if it is scheduled and due, in one conditional UPDATE, so two runners racing
 * for it publish it once. Its time becomes the publication time: a scheduled post enters the feed
 * as new. Publishing is posting: the author's right to post in the room is asked again now, by the
 * composer's own rule (post-guard's mayPostIn), since it was only checked when they scheduled it; a
 * post they may no longer post goes back to their drafts instead. With moderation on it is screened
 * first and may be held for review (app/lib/moderation). Returns whether this call published (or held) it.
 */
export async function publishIfDue(
  postId: string,
  now = new Date(),
  moderation: ModerationDeps = {},
): Promise<boolean> {
  const due = { id: postId, status: 'scheduled', deleted: false, draftPostTime: { [Op.lte]: now } }
  const post = await Post.findOne({ attributes: ['id', 'brandId', 'authorId', 'contextRoomId', 'message'], where: due })
  if (!post) return false
  const brand = await Brand.findByPk(post.brandId)
  if (!brand || !(await mayPostIn(brand, post.authorId, post.contextRoomId))) {
    await returnToDrafts(post, due)
    return false
  }
  const screening = await screenPost(brand, post.message, moderation)
  const [changed] = await Post.update(
    { status: screening.status, moderationScore: screening.score, createdAt: now, draftPostTime: null },
    { where: due },
  )
  if (changed !== 1) return false
  postsPublished.inc()
  await announce(await post.reload())
  return true
}

/**
 * A due post its author may no longer post (archived, their role taken away, removed from the
 * group, the room closed or gone): back to their drafts, kept and unpublished, and they are told
 * why. Conditional on its still being due, so of two runners only one returns it and tells them.
 */
async function returnToDrafts(post: Post, due: WhereOptions<Post>): Promise<void> {
  const [changed] = await Post.update({ status: 'draft', draftPostTime: null }, { where: due })
  if (changed !== 1) return
  logger.info(
    { postId: post.id, authorId: post.authorId },
    'post scheduler: the author may no longer post there; the post went back to the drafts',
  )
  // Told even when no longer a member (membersOnly off, as for their removal): the post is theirs.
  await notify({
    brandId: post.brandId,
    kind: 'postReturned',
    actorId: null,
    postId: post.id,
    roomId: post.contextRoomId,
    membersOnly: false,
    audience: [{ userId: post.authorId, reason: 'direct' }],
  })
}

/** Ids of the scheduled posts due at `now` (or all scheduled ones when `now` is null), soonest first. */
async function scheduledIds(now: Date | null, limit = 100): Promise<Array<{ id: string; at: Date }>> {
  const rows = await Post.findAll({
    attributes: ['id', 'draftPostTime'],
    where: { status: 'scheduled', deleted: false, ...(now ? { draftPostTime: { [Op.lte]: now } } : {}) },
    order: [['draftPostTime', 'ASC']],
    limit,
  })
  return rows.map((row) => ({ id: row.id, at: row.draftPostTime ?? new Date(0) }))
}

/** One pass of the poller: publishes every due post; returns how many this pass published. */
export async function publishDuePosts(now = new Date()): Promise<number> {
  let published = 0
  for (const { id } of await scheduledIds(now)) if (await publishIfDue(id, now)) published += 1
  return published
}

/** Runs `work` now (or after one interval when `later`) and every `intervalMs`, never two at once, logging (not throwing) a failure. */
function every(intervalMs: number, name: string, work: () => Promise<unknown>, { later = false } = {}) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false
  const tick = () => {
    running = work()
      .then(() => undefined)
      // A database or Redis hiccup must not take the web server down; the next pass tries again.
      .catch((error: unknown) => {
        logger.warn({ err: error }, `post scheduler: ${name} failed`)
        jobFailures.inc({ job: 'post-scheduler' })
      })
      .finally(() => {
        running = null
        if (!stopped) {
          timer = setTimeout(tick, intervalMs)
          timer.unref()
        }
      })
  }
  if (later) {
    timer = setTimeout(tick, intervalMs)
    timer.unref()
  } else tick()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}

/** Without Redis: every POLL_INTERVAL_MS, publish what is due. schedule and cancel have nothing to do: the rows say it all. */
export function pollingScheduler({ intervalMs = POLL_INTERVAL_MS }: { intervalMs?: number } = {}): PostScheduler {
  let stopPolling: (() => Promise<void>) | null = null
  return {
    async schedule() {},
    async cancel() {},
    async start() {
      stopPolling ??= every(intervalMs, 'poll', () => publishDuePosts())
    },
    async stop() {
      await stopPolling?.()
      stopPolling = null
    },
  }
}

const QUEUE_NAME = 'scheduled-posts'

/**
 * With Redis: a delayed BullMQ job per post, its jobId the post id (a duplicate schedule is one
 * job). `prefix` keeps the keys of separate installations (or test runs) apart.
 */
export function queueScheduler({
  redisUrl,
  prefix = 'hearth',
  recoveryMs = RECOVERY_INTERVAL_MS,
}: {
  redisUrl: string
  prefix?: string
  recoveryMs?: number
}): PostScheduler {
  // BullMQ's worker blocks on Redis: it needs its own connection, without a retry limit. The
  // queue's fails fast instead, so a form that schedules never waits on a Redis that is down.
  const connect = (maxRetriesPerRequest: number | null) => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest })
    // ioredis reconnects by itself; without a listener it would print each failed attempt raw.
    redis.on('error', (error: unknown) => logger.warn({ err: error }, 'post scheduler: redis connection error'))
    return redis
  }
  const queueConnection = connect(2)
  const queue = new Queue(QUEUE_NAME, { connection: queueConnection, prefix })
  let worker: Worker | null = null
  let workerConnection: Redis | null = null
  let stopRecovery: (() => Promise<void>) | null = null

  const enqueue = async (postId: string, at: Date) => {
    await queue.add(
      'publish',
      { postId },
      {
        jobId: postId,
        delay: Math.max(0, at.getTime() - Date.now()),
        removeOnComplete: true,
        removeOnFail: true,
        attempts: 5,
        backoff: { type: 'exponential', delay: 1_000 },
      },
    )
  }
  const remove = async (postId: string) => {
    // A job being run cannot be removed; it finds the post no longer scheduled and does nothing.
    await queue.remove(postId).catch(() => 0)
  }
  /** Every scheduled post without a job gets one: after a Redis flush, or a job that ran before its post was due. */
  const recover = async () => {
    let enqueued = 0
    for (const { id, at } of await scheduledIds(null, 10_000)) {
      if (await queue.getJob(id)) continue
      await enqueue(id, at)
      enqueued += 1
    }
    if (enqueued) logger.info({ enqueued }, 'post scheduler: scheduled posts re-enqueued')
  }

  return {
    async schedule(postId, at) {
      // A delayed job keeps its first delay: rescheduling replaces it.
      await remove(postId)
      await enqueue(postId, at)
    },
    cancel: remove,
    async start() {
      if (worker) return
      workerConnection = connect(null)
      worker = new Worker(QUEUE_NAME, async (job) => publishIfDue(String(job.data.postId)), {
        connection: workerConnection,
        prefix,
      })
      worker.on('error', (error) => {
        logger.warn({ err: error }, 'post scheduler: worker error')
        jobFailures.inc({ job: 'post-scheduler' })
      })
      // The first recovery before start() resolves: what was lost is back in the queue from then on.
      await recover().catch((error: unknown) => logger.warn({ err: error }, 'post scheduler: recovery failed'))
      stopRecovery = every(recoveryMs, 'recovery', recover, { later: true })
    },
    async stop() {
      await stopRecovery?.()
      stopRecovery = null
      await worker?.close()
      worker = null
      await queue.close()
      workerConnection?.disconnect()
      queueConnection.disconnect()
    },
  }
}

let running: PostScheduler | null = null

/**
 * The scheduler the forms tell about a schedule or a cancellation: the one this process started,
 * or, where none runs (a script, a test), one that does nothing, since the rows are the truth and
 * the process that does run a scheduler finds them.
 */
export function postScheduler(): PostScheduler {
  return running ?? pollingScheduler()
}

/**
 * Starts this process's scheduler (server.js does, beside housekeeping): the queue with REDIS_URL,
 * the poller without. Returns the function that stops it, for the shutdown.
 */
export function startPostScheduler({
  redisUrl = env.REDIS_URL,
}: { redisUrl?: string | null } = {}): () => Promise<void> {
  const scheduler = redisUrl ? queueScheduler({ redisUrl }) : pollingScheduler()
  running = scheduler
  void scheduler.start().catch((error: unknown) => logger.warn({ err: error }, 'post scheduler: start failed'))
  return async () => {
    if (running === scheduler) running = null
    await scheduler.stop()
  }
}
