// Subcommunities: a title, a description and the community's
// groups assigned to it. Every query is scoped to the community, so another community's id or
// group is simply not found.
import { Op } from 'sequelize'
import { Room } from '#models/room'
import { Subcommunity, SubcommunityRoom } from '#models/subcommunity'
import type { SubcommunityValues } from './subcommunity.schema'

export type GroupChoice = { id: string; name: string; slug: string }

/** The groups that can be assigned (and shown): the community's active group rooms, by name. */
export async function communityGroups(brandId: string, ids?: readonly string[]): Promise<GroupChoice[]> {
  const rooms = await Room.findAll({
    attributes: ['id', 'name', 'slug'],
    where: {
      brandId,
      context: 'group',
      status: 'active',
      deleted: { [Op.not]: true },
      ...(ids ? { id: [...ids] } : {}),
    },
    order: [
      ['name', 'ASC'],
      ['slug', 'ASC'],
    ],
  })
  return rooms.map((room) => ({ id: room.id, name: room.name || room.slug, slug: room.slug }))
}

/** The subcommunities page: each with how many groups it holds. */
export async function listSubcommunities(brandId: string) {
  const rows = await Subcommunity.findAll({
    where: { brandId },
    order: [
      ['title', 'ASC'],
      ['id', 'ASC'],
    ],
  })
  const links = rows.length
    ? await SubcommunityRoom.findAll({
        attributes: ['subcommunityId', 'roomId'],
        where: { subcommunityId: rows.map((row) => row.id) },
      })
    : []
  const live = new Set(
    (await communityGroups(brandId, [...new Set(links.map((link) => link.roomId))])).map((group) => group.id),
  )
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    groupCount: links.filter((link) => link.subcommunityId === row.id && live.has(link.roomId)).length,
  }))
}

export function findSubcommunity(brandId: string, id: string | undefined) {
  if (!id) return Promise.resolve(null)
  return Subcommunity.findOne({ where: { brandId, id } })
}

/** The groups assigned to a subcommunity that are still active groups of its community. */
export async function assignedGroups(subcommunity: Pick<Subcommunity, 'id' | 'brandId'>): Promise<GroupChoice[]> {
  const links = await SubcommunityRoom.findAll({ attributes: ['roomId'], where: { subcommunityId: subcommunity.id } })
  return links.length
    ? communityGroups(
        subcommunity.brandId,
        links.map((link) => link.roomId),
      )
    : []
}

export type SaveOutcome =
  { ok: true; subcommunity: Subcommunity } | { ok: false; error: 'tags:subcommunities.errors.unknownGroup' }

/**
 * Creates (`subcommunity` null) or updates a subcommunity with its assigned groups. A group id that
 * is not an active group of this community refuses the save, with nothing changed.
 */
export async function saveSubcommunity(
  brandId: string,
  subcommunity: Subcommunity | null,
  values: SubcommunityValues,
): Promise<SaveOutcome> {
  const wanted = [...new Set(values.groups)]
  if (wanted.length && (await communityGroups(brandId, wanted)).length !== wanted.length)
    return { ok: false, error: 'tags:subcommunities.errors.unknownGroup' }
  const fields = { title: values.title, description: values.description || null }
  const saved = await Subcommunity.sequelize!.transaction(async (transaction) => {
    const row = subcommunity
      ? await subcommunity.update(fields, { transaction })
      : await Subcommunity.create({ brandId, ...fields }, { transaction })
    await SubcommunityRoom.destroy({ where: { subcommunityId: row.id }, transaction })
    if (wanted.length)
      await SubcommunityRoom.bulkCreate(
        wanted.map((roomId) => ({ subcommunityId: row.id, roomId })),
        { transaction },
      )
    return row
  })
  return { ok: true, subcommunity: saved }
}
