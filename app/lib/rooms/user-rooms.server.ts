import { col, fn } from 'sequelize'
import { Brand, Membership, Role, RoleGrant, Room } from '#models/index'
import { standingOf } from '#models/permissions'
import { containsText } from '../admin/search.server'
import { communityLogo } from '../communities/community-logo'

export type Standing = ReturnType<typeof standingOf>

/** One community on the me screen: the user's standing in it and their personal rooms there. */
export type UserCommunity = {
  id: string
  slug: string
  name: string
  standing: Standing
  rooms: Array<{ id: string; slug: string; name: string }>
}

/**
 * The me screen's list: every active community the user holds a role in, with the
 * standing those roles give (owner, admin or user), and the user's active personal rooms in each.
 */
export async function userCommunities(userId: string): Promise<UserCommunity[]> {
  const grants = await RoleGrant.findAll({
    attributes: ['id'],
    where: { userId },
    include: [
      { model: Role, as: 'role', attributes: ['slug'], required: true },
      { model: Brand, as: 'brand', attributes: ['id', 'slug', 'name'], where: { status: 'active' }, required: true },
    ],
  })
  const byBrand = new Map<string, { brand: Brand; roles: string[] }>()
  for (const grant of grants) {
    const brand = grant.get('brand') as Brand
    const entry = byBrand.get(brand.id) ?? { brand, roles: [] }
    entry.roles.push((grant.get('role') as Role).slug)
    byBrand.set(brand.id, entry)
  }
  if (!byBrand.size) return []

  const rooms = (await Room.findAll({
    attributes: ['id', 'slug', 'name', 'brandId'],
    where: { hostId: userId, context: 'personal', brandId: [...byBrand.keys()], status: 'active', deleted: false },
    order: [['slug', 'ASC']],
    raw: true,
  })) as unknown as Array<{ id: string; slug: string; name: string | null; brandId: string }>

  return [...byBrand.values()]
    .map(({ brand, roles }) => ({
      id: brand.id,
      slug: brand.slug,
      name: brand.name,
      standing: standingOf(roles),
      rooms: rooms
        .filter((room) => room.brandId === brand.id)
        .map((room) => ({ id: room.id, slug: room.slug, name: room.name ?? room.slug })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug))
}

export const COMMUNITIES_PER_PAGE = 24

/**
 * One page of the public communities (public and active), by name, with their member counts (active
 * members; the pending and the archived are not counted). Pages start at 1; `pages` is at least 1.
 */
export async function publicCommunities(page: number, name = '') {
  // `name`: only those whose name contains it (GET /api/brands/read; the page lists them all).
  const where = { publicCommunity: true, status: 'active' as const, ...(name ? { name: containsText(name) } : {}) }
  const [total, rows] = await Promise.all([
    Brand.count({ where }),
    // Model instances, not raw rows: the logos column is JSON, which SQLite returns raw as a string.
    Brand.findAll({
      attributes: ['id', 'slug', 'name', 'logos'],
      where,
      // Case-insensitive on both dialects (SQLite compares bytes, MySQL's collation does not).
      order: [
        [fn('lower', col('name')), 'ASC'],
        ['slug', 'ASC'],
      ],
      limit: COMMUNITIES_PER_PAGE,
      offset: (page - 1) * COMMUNITIES_PER_PAGE,
    }),
  ])
  const counts = rows.length
    ? ((await Membership.count({
        where: { brandId: rows.map((row) => row.id), status: 'active' },
        group: ['brandId'],
      })) as unknown as Array<{ brandId: string; count: number | string }>)
    : []
  const memberCount = new Map(counts.map((entry) => [entry.brandId, Number(entry.count)]))
  return {
    communities: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      logo: communityLogo(row),
      memberCount: memberCount.get(row.id) ?? 0,
    })),
    page,
    pages: Math.max(1, Math.ceil(total / COMMUNITIES_PER_PAGE)),
    total,
  }
}
