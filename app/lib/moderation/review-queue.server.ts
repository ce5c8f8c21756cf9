// The review queue (/{brand}/admin/moderation): a community's held posts, oldest first, for those
// who moderate its posts (moderate-community-posts: owners, admins, moderators), and the decisions
// on them. Approving publishes a post where it was written (it enters the feed as it was, at its
// own time); rejecting keeps it out for good, shown to its author as not published. Each decision
// is one conditional UPDATE on status 'held', so two moderators clearing the same post clear it once.
import { Op } from 'sequelize'
import { Post, Room, User, type Brand } from '#models/index'
import { ADMIN_PAGE_SIZE } from '../admin/listing'
import { announce } from '../posts/posts.server'

export type HeldPost = {
  id: string
  score: number | null
  author: { id: string; name: string }
  room: { id: string; name: string; slug: string }
  /** Stored sanitised (app/lib/posts/sanitize.server.ts); nothing else reaches the page's HTML. */
  html: string | null
  kind: 'post' | 'comment'
  createdAt: string
}

const HELD = { status: 'held', deleted: false } as const

export function heldCount(brandId: string): Promise<number> {
  return Post.count({ where: { brandId, ...HELD } })
}

/** One page (from 1) of the community's held posts, oldest first: the longest waiting come first. */
export async function heldPosts(brandId: string, page: number): Promise<{ posts: HeldPost[]; total: number }> {
  const { rows, count } = await Post.findAndCountAll({
    where: { brandId, ...HELD },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
  })
  const [authors, rooms] = rows.length
    ? await Promise.all([
        User.findAll({ attributes: ['id', 'name'], where: { id: [...new Set(rows.map((row) => row.authorId))] } }),
        Room.findAll({
          attributes: ['id', 'name', 'slug'],
          where: { id: [...new Set(rows.map((row) => row.contextRoomId))] },
        }),
      ])
    : [[], []]
  const nameOf = new Map(authors.map((user) => [user.id, user.name ?? '']))
  const roomOf = new Map(rooms.map((room) => [room.id, { id: room.id, name: room.name || room.slug, slug: room.slug }]))
  return {
    total: count,
    posts: rows.map((row) => ({
      id: row.id,
      score: row.moderationScore,
      author: { id: row.authorId, name: nameOf.get(row.authorId) ?? '' },
      room: roomOf.get(row.contextRoomId) ?? { id: row.contextRoomId, name: '', slug: '' },
      html: row.message,
      kind: row.parentPostId ? 'comment' : 'post',
      createdAt: row.createdAt.toISOString(),
    })),
  }
}

export class ReviewError extends Error {
  constructor(readonly problem: 'moderation:errors.notHeld') {
    super(problem)
    this.name = 'ReviewError'
  }
}

/**
 * Approves or rejects these held posts of the community, all or none: an id that is not a held
 * post of this community (unknown, another community's, already reviewed) refuses the whole
 * decision, so a moderator never clears less than they chose without being told.
 */
export async function review(
  brand: Pick<Brand, 'id'>,
  reviewerId: string,
  ids: readonly string[],
  decision: 'approve' | 'reject',
  now = new Date(),
): Promise<number> {
  const unique = [...new Set(ids)]
  const db = Post.sequelize!
  const changed = await db.transaction(async (transaction) => {
    const [changed] = await Post.update(
      { status: decision === 'approve' ? 'published' : 'rejected', reviewedBy: reviewerId, reviewedAt: now },
      { where: { id: { [Op.in]: unique }, brandId: brand.id, ...HELD }, transaction },
    )
    if (changed !== unique.length) throw new ReviewError('moderation:errors.notHeld')
    return changed
  })
  // An approved post is published now: its feeds and the people who follow them hear of it as of a new one.
  if (decision === 'approve')
    for (const post of await Post.findAll({ where: { id: { [Op.in]: unique } } })) await announce(post)
  return changed
}
