// The admin panel's people list: this community's memberships with the person's name, email,
// status and community roles, searched by name or email, a page at a time.
import { Op, type WhereOptions } from 'sequelize'
import { Membership, Role, RoleGrant, User } from '#models/index'
import type { MembershipStatus } from '#models/membership'
import { COMMUNITY_ROLES } from '#models/permissions'
import { ADMIN_PAGE_SIZE } from './listing'
import { containsText } from './search.server'

export type AdminPerson = {
  userId: string
  name: string | null
  emailAddress: string | null
  status: MembershipStatus
  roles: string[]
}

export async function listPeople(
  brandId: string,
  { query, page }: { query: string; page: number },
): Promise<{ people: AdminPerson[]; total: number }> {
  const userWhere: WhereOptions<User> | undefined = query
    ? { [Op.or]: [{ name: containsText(query) }, { emailAddress: containsText(query) }] }
    : undefined
  const { rows, count } = await Membership.findAndCountAll({
    attributes: ['userId', 'status'],
    where: { brandId },
    include: [{ model: User, as: 'user', attributes: ['name', 'emailAddress'], where: userWhere, required: true }],
    order: [
      [{ model: User, as: 'user' }, 'name', 'ASC'],
      ['userId', 'ASC'],
    ],
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
  })
  // The page's roles in one query (community-wide grants only: a room's host role is not a community role).
  const grants = rows.length
    ? await RoleGrant.findAll({
        attributes: ['userId'],
        where: { brandId, roomId: null, userId: rows.map((row) => row.userId) },
        include: [
          { model: Role, as: 'role', attributes: ['slug'], where: { slug: [...COMMUNITY_ROLES] }, required: true },
        ],
      })
    : []
  const rolesOf = new Map<string, string[]>()
  for (const grant of grants) rolesOf.set(grant.userId, [...(rolesOf.get(grant.userId) ?? []), grant.role!.slug])
  return {
    people: rows.map((row) => ({
      userId: row.userId,
      name: row.user!.name,
      emailAddress: row.user!.emailAddress,
      status: row.status,
      roles: (rolesOf.get(row.userId) ?? []).sort(),
    })),
    total: count,
  }
}
