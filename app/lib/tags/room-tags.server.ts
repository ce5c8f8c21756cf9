// Tags on groups (at most 5 tags per group): what the group editor and the new group wizard call.
// Only live tags (not archived, not expired) can be put on a group; one already on it that has
// since expired or been archived is kept only if asked for again, and never counts against a fresh
// choice: the limit is on what the group ends up carrying.
import { Op, type Transaction } from 'sequelize'
import { BrandTag, tagStatus } from '#models/brand-tag'
import { liveTagWhere } from '#models/member-tag'
import { RoomTag } from '#models/room-tag'
import { Room } from '#models/room'
import type { TranslationKey } from '../i18n/i18n'
import { MAX_TAGS_PER_GROUP } from './tag-rules'

export type SetRoomTagsResult = { ok: true; tagIds: string[] } | { ok: false; error: TranslationKey }

/**
 * Replaces a group's tags with `tagIds`. Refused, with nothing changed: more than 5 distinct tags
 * (tags:errors.tooManyForGroup), a room of another community, or a tag that is not this
 * community's (tags:errors.unknownTag). Tags of this community that are expired or archived and
 * not already on the group are ignored (a stale form cannot give out a tag that is no longer
 * given); those already on it stay when named again. Given a `transaction` (a group being created
 * or its details saved), everything runs in it, and a refusal leaves the caller to roll back.
 */
export async function setRoomTags({
  brandId,
  roomId,
  tagIds,
  transaction,
}: {
  brandId: string
  roomId: string
  tagIds: readonly string[]
  transaction?: Transaction
}): Promise<SetRoomTagsResult> {
  const wanted = [...new Set(tagIds)]
  if (wanted.length > MAX_TAGS_PER_GROUP) return { ok: false, error: 'tags:errors.tooManyForGroup' }
  const room = await Room.findOne({ attributes: ['id'], where: { id: roomId, brandId }, transaction })
  if (!room) return { ok: false, error: 'tags:errors.unknownTag' }

  const tags = wanted.length
    ? await BrandTag.findAll({
        attributes: ['id', 'expiresAt', 'archivedAt'],
        where: { brandId, id: wanted },
        transaction,
      })
    : []
  if (tags.length !== wanted.length) return { ok: false, error: 'tags:errors.unknownTag' }

  const current = new Set(
    (await RoomTag.findAll({ attributes: ['tagId'], where: { roomId }, transaction })).map((link) => link.tagId),
  )
  const live = new Set(tags.filter((tag) => tagStatus(tag) === 'active').map((tag) => tag.id))
  const kept = wanted.filter((id) => live.has(id) || current.has(id))

  const replace = async (transaction: Transaction) => {
    await RoomTag.destroy({ where: { roomId }, transaction })
    if (kept.length)
      await RoomTag.bulkCreate(
        kept.map((tagId) => ({ roomId, tagId })),
        { transaction },
      )
  }
  if (transaction) await replace(transaction)
  else await RoomTag.sequelize!.transaction(replace)
  return { ok: true, tagIds: kept }
}

/** The tags a new group starts with: live tags marked "assign to new groups", at most 5. */
export async function tagIdsForNewGroups(brandId: string, transaction?: Transaction): Promise<string[]> {
  const tags = await BrandTag.findAll({
    attributes: ['id'],
    where: { brandId, newGroups: true, ...liveTagWhere() },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: MAX_TAGS_PER_GROUP,
    transaction,
  })
  return tags.map((tag) => tag.id)
}

/** A group's tags, for its editor and pages. */
export async function roomTagIds(roomId: string): Promise<string[]> {
  return (await RoomTag.findAll({ attributes: ['tagId'], where: { roomId }, order: [['createdAt', 'ASC']] })).map(
    (link) => link.tagId,
  )
}

export type TagChoice = { id: string; label: string }

/**
 * The tag input's choices: the community's live tags, and any the group
 * already carries that have since expired or been archived (so saving the form keeps them).
 */
export async function tagChoices(brandId: string, currentIds: readonly string[] = []): Promise<TagChoice[]> {
  const where = currentIds.length
    ? { brandId, [Op.or]: [liveTagWhere(), { id: [...currentIds] }] }
    : { brandId, ...liveTagWhere() }
  const tags = await BrandTag.findAll({
    attributes: ['id', 'label'],
    where,
    order: [
      ['label', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  return tags.map((tag) => ({ id: tag.id, label: tag.label }))
}

/** The tag labels of many groups at once (the groups page: one query for the page), by room id, each group's by label. */
export async function tagLabelsByRoom(roomIds: readonly string[]): Promise<Map<string, string[]>> {
  const byRoom = new Map<string, string[]>()
  if (!roomIds.length) return byRoom
  const links = await RoomTag.findAll({
    attributes: ['roomId'],
    where: { roomId: [...roomIds] },
    include: [{ model: BrandTag, as: 'tag', attributes: ['label'], required: true }],
    // By label: a group's tags are saved together, so their creation times tie.
    order: [
      [{ model: BrandTag, as: 'tag' }, 'label', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  for (const link of links) {
    const label = (link as RoomTag & { tag: BrandTag }).tag.label
    byRoom.set(link.roomId, [...(byRoom.get(link.roomId) ?? []), label])
  }
  return byRoom
}
