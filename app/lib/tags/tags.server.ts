// The community's tags (the tags page; a tag is active, expired or archived):
// queries and commands. Callers have passed the guards; every query is scoped to the community,
// so an id from another community is simply not found.
import { Op, type WhereOptions } from 'sequelize'
import { BrandTag, TAG_STATUSES, tagStatus, type TagStatus } from '#models/brand-tag'
import { MemberTag, liveTagWhere } from '#models/member-tag'
import { RoomTag } from '#models/room-tag'
import type { TagValues } from './tag.schema'
import { expiryDay, expiryOf } from './tag-rules'

export type TagRow = {
  id: string
  label: string
  description: string | null
  newMembers: boolean
  newGroups: boolean
  /** The day the tag is usable through (the editor's date), or null for never. */
  expiresOn: string | null
  status: TagStatus
  updatedAt: string
}

export function isTagTab(value: unknown): value is TagStatus {
  return TAG_STATUSES.includes(value as TagStatus)
}

function statusWhere(status: TagStatus, now: Date): WhereOptions<BrandTag> {
  switch (status) {
    case 'active':
      return liveTagWhere(now)
    case 'expired':
      return { archivedAt: null, expiresAt: { [Op.lte]: now } }
    case 'archived':
      return { archivedAt: { [Op.ne]: null } }
  }
}

export function tagRow(tag: BrandTag, now = new Date()): TagRow {
  return {
    id: tag.id,
    label: tag.label,
    description: tag.description,
    newMembers: tag.newMembers,
    newGroups: tag.newGroups,
    expiresOn: tag.expiresAt ? expiryDay(tag.expiresAt) : null,
    status: tagStatus(tag, now),
    updatedAt: tag.updatedAt.toISOString(),
  }
}

/** One tab of the tags page, alphabetical, with every tab's count (GET /brand-tags and /brand-tags/count). */
export async function listTags(brandId: string, tab: TagStatus, now = new Date()) {
  const [rows, ...counts] = await Promise.all([
    BrandTag.findAll({
      where: { brandId, ...statusWhere(tab, now) },
      order: [
        ['label', 'ASC'],
        ['id', 'ASC'],
      ],
    }),
    ...TAG_STATUSES.map((status) => BrandTag.count({ where: { brandId, ...statusWhere(status, now) } })),
  ])
  return {
    tab,
    rows: rows.map((tag) => tagRow(tag, now)),
    counts: Object.fromEntries(TAG_STATUSES.map((status, index) => [status, counts[index]!])) as Record<
      TagStatus,
      number
    >,
  }
}

export function findTag(brandId: string, tagId: string | undefined) {
  if (!tagId) return Promise.resolve(null)
  return BrandTag.findOne({ where: { brandId, id: tagId } })
}

function columns(values: TagValues) {
  return {
    label: values.label,
    description: values.description || null,
    newMembers: values.newMembers,
    newGroups: values.newGroups,
    expiresAt: values.expiresOn ? expiryOf(values.expiresOn) : null,
  }
}

/** POST /brand-tags. */
export function createTag(brandId: string, values: TagValues) {
  return BrandTag.create({ brandId, ...columns(values) })
}

/** PUT /brand-tags/{id}. */
export async function updateTag(tag: BrandTag, values: TagValues) {
  await tag.update(columns(values))
}

/** Archive or restore: archiving keeps the tag and its links, restoring gives it back as it was. */
export async function setTagArchived(brandId: string, tagId: string, archived: boolean): Promise<BrandTag | null> {
  const tag = await findTag(brandId, tagId)
  if (!tag) return null
  if (Boolean(tag.archivedAt) !== archived) await tag.update({ archivedAt: archived ? new Date() : null })
  return tag
}

/**
 * POST /brand-tags/batch-delete: all of the named tags or none. One that is not this community's
 * (or already gone) refuses the whole batch, so the admin never wonders which ones went.
 * Their links to groups and members go with them (ON DELETE CASCADE, and explicitly here so
 * SQLite without foreign keys enforced behaves the same).
 */
export async function deleteTags(brandId: string, ids: readonly string[]): Promise<boolean> {
  const wanted = [...new Set(ids)]
  const db = BrandTag.sequelize!
  return db.transaction(async (transaction) => {
    const found = await BrandTag.count({ where: { brandId, id: wanted }, transaction })
    if (found !== wanted.length) return false
    await RoomTag.destroy({ where: { tagId: wanted }, transaction })
    await MemberTag.destroy({ where: { tagId: wanted }, transaction })
    await BrandTag.destroy({ where: { brandId, id: wanted }, transaction })
    return true
  })
}
