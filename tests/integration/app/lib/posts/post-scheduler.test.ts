// Scheduled posts published on time, once (BullMQ on Redis when REDIS_URL is set, a database
// poller otherwise, nothing lost or published twice across a restart). The queue runs
// against the real Redis (127.0.0.1:6379 or TEST_REDIS_URL) under a prefix of this run's own,
// removed afterwards.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Post, type Brand, type Room, type User } from '#models/index'
import { saveDraft } from '#app/lib/posts/drafts.server'
import {
  pollingScheduler,
  publishDuePosts,
  publishIfDue,
  queueScheduler,
  type PostScheduler,
} from '#app/lib/posts/post-scheduler.server'
import { grantRole, makeCommunity, makeUser } from '#tests/support/factories'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const PREFIX = `hearth-test-${randomUUID()}`

let brand: Brand
let hub: Room
let author: User
const running: PostScheduler[] = []

beforeAll(async () => {
  ;({ brand, hub } = await makeCommunity())
  author = await makeUser()
  await grantRole(author, brand)
})

afterEach(async () => {
  await Promise.all(running.splice(0).map((scheduler) => scheduler.stop()))
})

afterAll(async () => {
  // The run's keys, whatever a failed test left.
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${PREFIX}*`)
  if (keys.length) await redis.del(...keys)
  await redis.quit()
})

/** A post scheduled for `at`, written as the drafts page writes it (the row first). */
async function scheduledFor(at: Date): Promise<Post> {
  const draft = await saveDraft(brand, author.id, { contextRoomId: hub.id, message: `Due ${at.toISOString()}` })
  await draft.update({ status: 'scheduled', draftPostTime: at })
  return draft
}
const statusOf = async (post: Post) => (await Post.findByPk(post.id))!.status
const started = async (scheduler: PostScheduler) => {
  running.push(scheduler)
  await scheduler.start()
  return scheduler
}
const queue = (prefix = PREFIX) => queueScheduler({ redisUrl: REDIS_URL, prefix, recoveryMs: 60_000 })

describe('publishing a due post', () => {
  it('publishes only when due, and only once however many try at the same time', async () => {
    const at = new Date(Date.now() + 60_000)
    const post = await scheduledFor(at)
    expect(await publishIfDue(post.id, new Date(at.getTime() - 1))).toBe(false)
    expect(await statusOf(post)).toBe('scheduled')
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => publishIfDue(post.id, at)))
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    const published = (await Post.findByPk(post.id))!
    expect(published.status).toBe('published')
    // It enters the feed as new: its time is when it went out.
    expect(published.createdAt.toISOString()).toBe(at.toISOString())
  })

  it('never publishes a draft, a deleted post or a cancelled one', async () => {
    const past = new Date(Date.now() - 1_000)
    const draft = await saveDraft(brand, author.id, { contextRoomId: hub.id, message: 'Only a draft' })
    const deleted = await scheduledFor(past)
    await deleted.update({ deleted: true })
    await publishDuePosts()
    expect(await statusOf(draft)).toBe('draft')
    expect(await statusOf(deleted)).toBe('scheduled')
  })
})

describe('the database poller (no REDIS_URL)', () => {
  it('two pollers racing publish each due post once', async () => {
    const posts = await Promise.all([1, 2, 3].map(() => scheduledFor(new Date(Date.now() - 1_000))))
    const later = await scheduledFor(new Date(Date.now() + 3_600_000))
    const [first, second] = await Promise.all([publishDuePosts(), publishDuePosts()])
    expect(first! + second!).toBe(3)
    for (const post of posts) expect(await statusOf(post)).toBe('published')
    expect(await statusOf(later)).toBe('scheduled')
    // Each post counted once across both: none was published twice.
    const ids = posts.map((post) => post.id)
    expect(await Post.count({ where: { id: ids, status: 'published' } })).toBe(3)
  })

  it('publishes a post when it falls due, not before', async () => {
    const post = await scheduledFor(new Date(Date.now() + 1_500))
    await started(pollingScheduler({ intervalMs: 200 }))
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(await statusOf(post)).toBe('scheduled')
    await expect.poll(() => statusOf(post), { timeout: 5_000, interval: 100 }).toBe('published')
  })

  it('across a restart: a post due while no process ran is published by the next one', async () => {
    const post = await scheduledFor(new Date(Date.now() + 800))
    const before = await started(pollingScheduler({ intervalMs: 200 }))
    await before.stop()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await statusOf(post)).toBe('scheduled')
    await started(pollingScheduler({ intervalMs: 200 }))
    await expect.poll(() => statusOf(post), { timeout: 5_000, interval: 100 }).toBe('published')
  })
})

describe('the BullMQ queue (REDIS_URL)', () => {
  /** The queue's delayed jobs (their ids). */
  const delayed = async (prefix: string) => {
    const redis = new Redis(REDIS_URL)
    try {
      return await redis.zrange(`${prefix}:scheduled-posts:delayed`, 0, -1)
    } finally {
      await redis.quit()
    }
  }

  it('publishes a scheduled post on time, as a delayed job keyed by the post (a second schedule is one job)', async () => {
    const prefix = `${PREFIX}-a`
    const scheduler = await started(queue(prefix))
    const at = new Date(Date.now() + 1_500)
    const post = await scheduledFor(at)
    await scheduler.schedule(post.id, at)
    const once = await delayed(prefix)
    await scheduler.schedule(post.id, at)
    expect(once).toContain(post.id)
    expect(await delayed(prefix)).toEqual(once)
    expect(await statusOf(post)).toBe('scheduled')
    await expect.poll(() => statusOf(post), { timeout: 8_000, interval: 100 }).toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
  })

  it('a cancelled schedule leaves no job', async () => {
    const prefix = `${PREFIX}-b`
    const scheduler = await started(queue(prefix))
    const post = await scheduledFor(new Date(Date.now() + 3_600_000))
    await scheduler.schedule(post.id, new Date(Date.now() + 3_600_000))
    expect(await delayed(prefix)).toContain(post.id)
    await scheduler.cancel(post.id)
    expect(await delayed(prefix)).not.toContain(post.id)
  })

  it('across a restart: scheduled, the process stopped, a new one started, published once on time', async () => {
    const prefix = `${PREFIX}-c`
    const at = new Date(Date.now() + 2_000)
    const post = await scheduledFor(at)
    const before = await started(queue(prefix))
    await before.schedule(post.id, at)
    await before.stop()
    expect(await statusOf(post)).toBe('scheduled')
    await started(queue(prefix))
    await expect.poll(() => statusOf(post), { timeout: 8_000, interval: 100 }).toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
    // The job ran once and is gone; running it again (or a poller) finds nothing to publish.
    expect(await publishIfDue(post.id)).toBe(false)
  })

  it('after Redis lost the job (a flush), start() re-enqueues the scheduled post', async () => {
    const prefix = `${PREFIX}-d`
    const post = await scheduledFor(new Date(Date.now() + 1_000))
    // No job was ever added: as if the queue had been emptied.
    await started(queue(prefix))
    await expect.poll(() => statusOf(post), { timeout: 8_000, interval: 100 }).toBe('published')
  })

  it('a queue and a poller together publish a post once', async () => {
    const prefix = `${PREFIX}-e`
    const at = new Date(Date.now() + 1_000)
    const post = await scheduledFor(at)
    const scheduler = await started(queue(prefix))
    await scheduler.schedule(post.id, at)
    await started(pollingScheduler({ intervalMs: 100 }))
    await expect.poll(() => statusOf(post), { timeout: 8_000, interval: 100 }).toBe('published')
    const published = (await Post.findByPk(post.id))!
    // Published by one of them: a second publication would have moved its time again.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await Post.findByPk(post.id))!.createdAt.toISOString()).toBe(published.createdAt.toISOString())
  })
})
