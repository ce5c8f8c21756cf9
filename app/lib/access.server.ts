import { Permission, Role, RoleGrant } from '#models/index'
import type { PermissionSlug } from '#models/permissions'

/**
 * The spec's permission check: allowed when one of the user's roles in this community grants the
 * permission. The full access module (rooms, groups, events) grows from here.
 */
export async function hasPermission(userId: string | null | undefined, brandId: string, permission: PermissionSlug): Promise<boolean> {
  return (await grantedPermissions(userId, brandId, [permission])).has(permission)
}

/** Which of these permissions the user's roles in this community grant, in one query. */
export async function grantedPermissions<P extends PermissionSlug>(userId: string | null | undefined, brandId: string, permissions: readonly P[]): Promise<Set<P>> {
  if (!userId || permissions.length === 0) return new Set()
  const grants = await RoleGrant.findAll({
    attributes: ['id'],
    where: { userId, brandId },
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
