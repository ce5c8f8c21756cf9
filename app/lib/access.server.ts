import { Op } from 'sequelize'
import { Permission, Role, RoleGrant } from '#models/index'
import type { PermissionSlug } from '#models/permissions'

/**
 * The spec's permission check: allowed when one of the user's roles in this community grants the
 * permission. A community permission counts only community-wide grants (roomId null): a grant made
 * for one room, such as a personal room's host role, gives nothing elsewhere in the community.
 */
export async function hasPermission(userId: string | null | undefined, brandId: string, permission: PermissionSlug): Promise<boolean> {
  return (await grantedPermissions(userId, brandId, [permission])).has(permission)
}

/**
 * Which of these permissions the user's roles grant, in one query: in the whole community when no
 * room is named, or in one room of it, where the community-wide grants and that room's own count.
 */
export async function grantedPermissions<P extends PermissionSlug>(
  userId: string | null | undefined,
  brandId: string,
  permissions: readonly P[],
  roomId: string | null = null,
): Promise<Set<P>> {
  if (!userId || permissions.length === 0) return new Set()
  const grants = await RoleGrant.findAll({
    attributes: ['id'],
    where: { userId, brandId, roomId: roomId ? { [Op.or]: [null, roomId] } : null },
    include: [
      {
        model: Role,
        as: 'role',
        attributes: ['id'],
        required: true,
        include: [{ model: Permission, as: 'permissions', attributes: ['slug'], where: { slug: [...permissions] }, required: true }],
      },
    ],
  })
  const granted = grants.flatMap((grant) => (grant.get('role') as Role & { permissions: Permission[] }).permissions.map((permission) => permission.slug))
  return new Set(permissions.filter((permission) => granted.includes(permission)))
}
