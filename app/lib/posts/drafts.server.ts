// Drafts and scheduled posts (a post is a draft, scheduled with its draftPostTime, or published; a
// draft can be rescheduled or deleted; a scheduled post needs a time that is valid and in the
// future; posts/draft, drafts, drafts/{id}). A draft is its author's alone: every lookup here is by
// author, so another person's draft is not found at all.
// Each state change is a conditional UPDATE on the status it leaves, so it races safely with the
// scheduler publishing the same post (post-scheduler.server.ts).
import { Brand, Post, Room } from '#models/index'
import { screenPost, type ModerationDeps } from '../moderation/moderation.server'
import { logger } from '../platform/logger.server'
import { mayPostIn } from './post-guard.server'
import { postScheduler, type PostScheduler } from './post-scheduler.server'
import { PostRuleError, postProblem, type PostInput } from './post-rules'
import { announce, storedMessage } from './posts.server'

/** A schedule's time at or before now: the product's "valid and in the future" refused. */
export class ScheduleError extends Error {
  constructor(readonly problem: 'posts:errors.scheduleInPast' | 'posts:errors.notADraft') {
    super(problem)
    this.name = 'ScheduleError'
  }
}

const UNPUBLISHED = ['draft', 'scheduled'] as const

/**
 * Tells the running scheduler, never failing the form: the row is already written, and the
 * scheduler's recovery (or the job finding the post no longer scheduled) puts a failed call right.
 */
async function tell(work: (scheduler: PostScheduler) => Promise<void>) {
  try {
    await work(postScheduler())
  } catch (error) {
    logger.warn({ err: error }, 'post scheduler: could not be told; its recovery will catch up')
  }
}

/** POST posts/draft: a post kept for later, by its author, in the room it will go to. */
export async function saveDraft(brand: Pick<Brand, 'id'>, authorId: string, input: PostInput): Promise<Post> {
  const message = storedMessage(input.message)
  const problem = postProblem({ ...input, message })
  if (problem) throw new PostRuleError(problem)
  return Post.create({
    brandId: brand.id,
    contextRoomId: input.contextRoomId as string,
    authorId,
    message: (message as string) || null,
    status: 'draft',
  })
}

/** One of the author's own drafts or scheduled posts in the community, or null (someone else's is never found). */
export async function findOwnDraft(brandId: string, authorId: string, postId: string): Promise<Post | null> {
  return Post.findOne({
    where: { id: postId, brandId, authorId, parentPostId: null, status: [...UNPUBLISHED], deleted: false },
  })
}

export type DraftItem = {
  id: string
  status: 'draft' | 'scheduled'
  html: string | null
  room: { id: string; name: string }
  /** When a scheduled post goes out (ISO), null for a draft. */
  publishAt: string | null
  updatedAt: string
}

/** GET drafts: the author's drafts (latest edited first) and scheduled posts (soonest first). */
export async function myDrafts(
  brandId: string,
  authorId: string,
): Promise<{ drafts: DraftItem[]; scheduled: DraftItem[] }> {
  const rows = await Post.findAll({
    where: { brandId, authorId, parentPostId: null, status: [...UNPUBLISHED], deleted: false },
    order: [
      ['draftPostTime', 'ASC'],
      ['updatedAt', 'DESC'],
    ],
  })
  const rooms = rows.length
    ? await Room.findAll({
        attributes: ['id', 'name', 'slug'],
        where: { id: [...new Set(rows.map((row) => row.contextRoomId))] },
      })
    : []
  const nameOf = new Map(rooms.map((room) => [room.id, room.name ?? room.slug]))
  const items = rows.map((row): DraftItem => ({
    id: row.id,
    status: row.status === 'scheduled' ? 'scheduled' : 'draft',
    html: row.message,
    room: { id: row.contextRoomId, name: nameOf.get(row.contextRoomId) ?? '' },
    publishAt: row.status === 'scheduled' && row.draftPostTime ? row.draftPostTime.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  }))
  return {
    drafts: items.filter((item) => item.status === 'draft'),
    scheduled: items.filter((item) => item.status === 'scheduled'),
  }
}

/** A draft's new text, under the post rules. */
export async function editDraft(post: Post, message: unknown): Promise<void> {
  const stored = storedMessage(message)
  const problem = postProblem({
    contextRoomId: post.contextRoomId,
    message: stored,
    fileUrls: post.fileUrls,
    videoUrl: post.videoUrl,
    videoThumbnailUrl: post.videoThumbnailUrl,
  })
  if (problem) throw new PostRuleError(problem)
  await post.update({ message: (stored as string) || null })
}

/**
 * PUT drafts/{id} with draftPostTime: schedules a draft, or moves a scheduled post's time. The time
 * must be after `now`. The row is written first: if telling the queue fails, the scheduler's
 * recovery still finds it.
 */
export async function schedulePost(post: Post, at: Date, now = new Date()): Promise<void> {
  if (!(at.getTime() > now.getTime())) throw new ScheduleError('posts:errors.scheduleInPast')
  const [changed] = await Post.update(
    { status: 'scheduled', draftPostTime: at },
    { where: { id: post.id, status: [...UNPUBLISHED], deleted: false } },
  )
  // Published (by the scheduler) between the page and the click: nothing left to schedule.
  if (changed !== 1) throw new ScheduleError('posts:errors.notADraft')
  await tell((scheduler) => scheduler.schedule(post.id, at))
}

/**
 * Publish now: the draft (or scheduled post) enters the feed as new, once, whoever else tries; with
 * moderation on it is screened first and may be held for review instead (app/lib/moderation).
 * Publishing is posting: the author's right to post in its room is the composer's rule, asked now
 * (a role, a membership or the room may have changed since the draft was saved); without it the
 * post stays as it was and the answer is 'refused', for the caller's 403. Returns the state this
 * call gave it, or null when someone else got there first.
 */
export async function publishDraftNow(
  post: Post,
  now = new Date(),
  moderation: ModerationDeps = {},
): Promise<'published' | 'held' | 'refused' | null> {
  const brand = await Brand.findByPk(post.brandId)
  if (!brand || !(await mayPostIn(brand, post.authorId, post.contextRoomId))) return 'refused'
  const screening = await screenPost(brand, post.message, moderation)
  const [changed] = await Post.update(
    { status: screening.status, moderationScore: screening.score, createdAt: now, draftPostTime: null },
    { where: { id: post.id, status: [...UNPUBLISHED], deleted: false } },
  )
  await tell((scheduler) => scheduler.cancel(post.id))
  if (changed !== 1) return null
  await announce(await post.reload())
  return screening.status
}

/** Cancel a schedule: the post goes back to the drafts, unpublished. */
export async function cancelSchedule(post: Post): Promise<boolean> {
  const [changed] = await Post.update(
    { status: 'draft', draftPostTime: null },
    { where: { id: post.id, status: 'scheduled', deleted: false } },
  )
  await tell((scheduler) => scheduler.cancel(post.id))
  return changed === 1
}

/** DELETE drafts/{id}: the same flag as a removed post; a deleted draft is never published. */
export async function deleteDraft(post: Post): Promise<boolean> {
  const [changed] = await Post.update(
    { deleted: true },
    { where: { id: post.id, status: [...UNPUBLISHED], deleted: false } },
  )
  await tell((scheduler) => scheduler.cancel(post.id))
  return changed === 1
}
