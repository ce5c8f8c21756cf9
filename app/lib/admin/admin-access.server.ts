// Who opens the admin panel: those holding manage-community in the community of the address
// (requireCommunityPage(args, 'admin')), and for the install's product config only super users
// among them (the product config is the install's, not one community's).
import { redirect } from '@remix-run/node'
import { QueryTypes } from 'sequelize'
import { Brand } from '#models/index'
import { refusalLocation } from '../communities/access-refusal'
import {
  requireCommunityPage,
  requireCommunityPermission,
  type CommunityAccess,
  type GuardArgs,
} from '../http/guards.server'
import { actsAsSuperUser } from '#models/token-cap'

/** The admin panel's guard: the admin page's permissions (access-community and manage-community). */
export function requireAdmin(args: GuardArgs): Promise<CommunityAccess> {
  return requireCommunityPage(args, 'admin')
}

/**
 * The admin area's frame (its layout and navigation): those who run the community, and those who
 * moderate its posts (moderators: the review queue is their one page there). Each page still
 * guards itself with what it needs.
 */
export async function requireAdminArea(
  args: GuardArgs,
): Promise<CommunityAccess & { runs: boolean; moderates: boolean }> {
  const access = await requireCommunityPermission(args, 'access-community')
  const runs = access.permissions.has('manage-community')
  const moderates = access.permissions.has('moderate-community-posts')
  if (runs || moderates) return { ...access, runs, moderates }
  const url = new URL(args.request.url)
  throw redirect(refusalLocation('accessDenied', access.brand.slug, url.pathname + url.search))
}

/** The admin guard, then a super user: anyone else, owners too, gets the access-denied page. */
export async function requireSuperUser(args: GuardArgs): Promise<CommunityAccess> {
  const access = await requireAdmin(args)
  if (actsAsSuperUser(access.user)) return access
  const url = new URL(args.request.url)
  throw redirect(refusalLocation('accessDenied', access.brand.slug, url.pathname + url.search))
}

/** The admin panel's "My Communities": every active community where the user holds manage-community now. */
export async function communitiesManagedBy(userId: string): Promise<{ slug: string; name: string }[]> {
  return Brand.sequelize!.query<{ slug: string; name: string }>(
    `SELECT DISTINCT b.slug, b.name FROM role_grants g
       JOIN role_permissions rp ON rp.roleId = g.roleId
       JOIN permissions p ON p.id = rp.permissionId AND p.slug = 'manage-community'
       JOIN memberships m ON m.brandId = g.brandId AND m.userId = g.userId AND m.status = 'active'
       JOIN brands b ON b.id = g.brandId AND b.status = 'active'
     WHERE g.userId = :userId AND g.roomId IS NULL
     ORDER BY b.name, b.slug`,
    { type: QueryTypes.SELECT, replacements: { userId } },
  )
}
