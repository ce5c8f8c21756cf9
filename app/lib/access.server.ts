import { Permission, Role, RoleGrant } from '#models/index'
import type { PermissionSlug } from '#models/permissions'

/**
 * The spec's permission check: allowed when one of the user's roles in this community grants the
 * permission. The full access module (rooms, groups, events) grows from here.
 */
export async function hasPermission(userId: string | null | undefined, brandId: string, permission: PermissionSlug): Promise<boolean> {
  if (!userId) return false
  const grant = await RoleGrant.findOne({
    attributes: ['id'],
    where: { userId, brandId },
    include: [
      {
        model: Role,
        as: 'role',
        attributes: ['id'],
        required: true,
        include: [{ model: Permission, as: 'permissions', attributes: ['id'], where: { slug: permission }, required: true }],
      },
    ],
  })
  return grant !== null
}
