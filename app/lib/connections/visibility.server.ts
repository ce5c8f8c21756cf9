// Who sees whom (users can block or mute others; docs/user-guide.md#contacts-and-connections): the one place
// the feed, the comments and the messages ask. A block works both ways (neither sees nor reaches
// the other); a mute only hides the muted person's posts from the one who muted them.
import { Op } from 'sequelize'
import type { TranslationKey } from '../i18n/i18n'
import { UserBlock } from '#models/index'

/** People whose posts the viewer must not see in this community: blocked either way, or muted by the viewer. */
export async function hiddenAuthorIds(viewerId: string, brandId: string): Promise<string[]> {
  const rows = await UserBlock.findAll({
    attributes: ['userId', 'targetUserId', 'kind'],
    where: { brandId, [Op.or]: [{ userId: viewerId }, { targetUserId: viewerId, kind: 'block' }] },
  })
  const hidden = new Set(rows.map((row) => (row.userId === viewerId ? row.targetUserId : row.userId)))
  return [...hidden]
}

/** Whether the sender may reach the recipient here (a connection request, a message): not when either blocked the other. */
export async function mayContact(senderId: string, recipientId: string, brandId: string): Promise<boolean> {
  const block = await UserBlock.findOne({
    attributes: ['id'],
    where: {
      brandId,
      kind: 'block',
      [Op.or]: [
        { userId: senderId, targetUserId: recipientId },
        { userId: recipientId, targetUserId: senderId },
      ],
    },
  })
  return block === null
}

/**
 * The notice a comment shows in place of its text when the viewer blocked or muted its author
 * ("This comment is from a user you blocked." or "…muted."), by author. Comments by someone who
 * blocked the viewer are left out by hiddenAuthorIds with no notice: the notice speaks of what the
 * viewer did, and a block is not announced to the one blocked.
 */
export async function commentNotices(viewerId: string, brandId: string): Promise<Map<string, TranslationKey>> {
  const rows = await UserBlock.findAll({ attributes: ['targetUserId', 'kind'], where: { brandId, userId: viewerId } })
  const notices = new Map<string, TranslationKey>()
  // A block outranks a mute of the same person.
  for (const row of rows) if (row.kind === 'mute') notices.set(row.targetUserId, 'connections:notices.mutedComment')
  for (const row of rows) if (row.kind === 'block') notices.set(row.targetUserId, 'connections:notices.blockedComment')
  return notices
}

/**
 * What the feeds and threads take (app/lib/posts/posts.server.ts AuthorFilter): the authors whose
 * posts the viewer does not see, and the notices their comments show instead. Nothing for a guest.
 */
export async function authorFilter(
  viewerId: string | null,
  brandId: string,
): Promise<{ hiddenAuthorIds: string[]; noticeByAuthor: Map<string, TranslationKey> }> {
  if (!viewerId) return { hiddenAuthorIds: [], noticeByAuthor: new Map() }
  const [hidden, notices] = await Promise.all([hiddenAuthorIds(viewerId, brandId), commentNotices(viewerId, brandId)])
  return { hiddenAuthorIds: hidden, noticeByAuthor: notices }
}

/**
 * Of these people, those who must not hear of what the actor does here (the notifications ask):
 * anyone blocked by the actor or blocking them, and anyone who muted them. One query for all.
 */
export async function shieldedFrom(actorId: string, brandId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await UserBlock.findAll({
    attributes: ['userId', 'targetUserId'],
    where: {
      brandId,
      [Op.or]: [
        { userId: [...userIds], targetUserId: actorId },
        { userId: actorId, targetUserId: [...userIds], kind: 'block' },
      ],
    },
  })
  return new Set(rows.map((row) => (row.userId === actorId ? row.targetUserId : row.userId)))
}
