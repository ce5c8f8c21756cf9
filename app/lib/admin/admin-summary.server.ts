// The admin home (the admin summary): people and rooms counted by status, and for super
// users every community on the install with its counts. Counted by the database (GROUP BY), never
// by loading rows.
import { QueryTypes } from 'sequelize'
import { Brand } from '#models/index'
import { ADMIN_PAGE_SIZE } from './listing'
import { PEOPLE_STATUSES, ROOM_STATUSES } from './summary'

type Counted = { status: string; n: number | string }

/** Rows of (status, count) as a record, with zero for every status that has none, and the total. */
function tally<S extends string>(rows: Counted[], statuses: readonly S[]): Record<S | 'total', number> {
  const counts = Object.fromEntries([...statuses, 'total'].map((status) => [status, 0])) as Record<S | 'total', number>
  for (const row of rows) {
    const n = Number(row.n)
    if ((statuses as readonly string[]).includes(row.status)) counts[row.status as S] += n
    counts.total += n
  }
  return counts
}

/** This community's people by membership status and its rooms by status. */
export async function communitySummary(brandId: string) {
  const db = Brand.sequelize!
  const [people, rooms] = await Promise.all([
    db.query<Counted>('SELECT status, COUNT(*) AS n FROM memberships WHERE brandId = :brandId GROUP BY status', {
      type: QueryTypes.SELECT,
      replacements: { brandId },
    }),
    db.query<Counted>('SELECT status, COUNT(*) AS n FROM rooms WHERE brandId = :brandId GROUP BY status', {
      type: QueryTypes.SELECT,
      replacements: { brandId },
    }),
  ])
  return { people: tally(people, PEOPLE_STATUSES), rooms: tally(rooms, ROOM_STATUSES) }
}

export type InstallCommunity = { id: string; name: string; slug: string; userCount: number; roomCount: number }

/**
 * Every active community of the install with its active members and its rooms that are not
 * deleted (brands with id, name, slug, userCount, roomCount), a page at a time, by name.
 */
export async function installCommunities(page: number): Promise<{ communities: InstallCommunity[]; total: number }> {
  const db = Brand.sequelize!
  const [rows, total] = await Promise.all([
    db.query<{
      id: string
      name: string
      slug: string
      userCount: number | string | null
      roomCount: number | string | null
    }>(
      `SELECT b.id, b.name, b.slug, people.n AS userCount, places.n AS roomCount FROM brands b
         LEFT JOIN (SELECT brandId, COUNT(*) AS n FROM memberships WHERE status = 'active' GROUP BY brandId) people ON people.brandId = b.id
         LEFT JOIN (SELECT brandId, COUNT(*) AS n FROM rooms WHERE status <> 'deleted' GROUP BY brandId) places ON places.brandId = b.id
       WHERE b.status = 'active'
       ORDER BY b.name, b.slug
       LIMIT :limit OFFSET :offset`,
      { type: QueryTypes.SELECT, replacements: { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE } },
    ),
    Brand.count({ where: { status: 'active' } }),
  ])
  return {
    communities: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      userCount: Number(row.userCount ?? 0),
      roomCount: Number(row.roomCount ?? 0),
    })),
    total,
  }
}
