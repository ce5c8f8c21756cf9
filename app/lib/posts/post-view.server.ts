// What the pages show of posts for one viewer: each post with the buttons this viewer may use
// (decided by models/post-access.ts for the post's room, once per room).
import { Op } from 'sequelize'
import { permissionsHeld } from '#models/access'
import { feedRulesOf, postRights, type PostRights } from '#models/post-access'
import { Room, type Brand } from '#models/index'
import type { PostItem, Thread } from './posts.server'

export type PostButtons = { comment: boolean; react: boolean; pin: boolean; promote: boolean; remove: boolean }
export type ShownPost = PostItem & { can: PostButtons }

/** The viewer's rights in each of these rooms of the community. */
export async function rightsByRoom(
  brand: Brand,
  userId: string | null,
  roomIds: readonly string[],
): Promise<Map<string, PostRights>> {
  const unique = [...new Set(roomIds)]
  if (unique.length === 0) return new Map()
  const rooms = await Room.findAll({ where: { id: unique, brandId: brand.id, deleted: { [Op.not]: true } } })
  const rules = await feedRulesOf(rooms)
  const rights = await Promise.all(
    rooms.map(
      async (room) =>
        [
          room.id,
          postRights(userId, brand, room, await permissionsHeld(userId, brand.id, room.id), rules.get(room.id)),
        ] as const,
    ),
  )
  return new Map(rights)
}

const NONE: PostButtons = { comment: false, react: false, pin: false, promote: false, remove: false }

export function buttonsFor(post: PostItem, rights: PostRights | undefined, userId: string | null): PostButtons {
  // A post waiting for review (or rejected) is its author's to look at, not to answer or pin:
  // its own address is not found until it is published.
  if (!rights || post.moderation) return NONE
  const topLevel = post.parentPostId === null
  return {
    comment: rights.comment,
    react: rights.comment,
    pin: topLevel && rights.moderate,
    promote: topLevel && rights.promote,
    remove: rights.moderate || (post.author.id === userId && rights.removeOwn),
  }
}

export function shown(post: PostItem, rights: Map<string, PostRights>, userId: string | null): ShownPost {
  return { ...post, can: buttonsFor(post, rights.get(post.roomId), userId) }
}

export type ShownThread = { items: ShownPost[]; lastPostId: string | null }
export function shownThread(thread: Thread, rights: Map<string, PostRights>, userId: string | null): ShownThread {
  return { items: thread.items.map((item) => shown(item, rights, userId)), lastPostId: thread.lastPostId }
}
