// An inactive community (status deleted, labelled Inactive) is "community not found" for everyone,
// its owners included: every page under /{brand} looks up active communities only. The way back
// is the owner's /communities page, which lists the inactive communities they own with a button
// that makes each active again (only owners may change a community's status).
import { Brand } from '#models/index'
import { permissionsHeld } from '#models/access'
import { Op, QueryTypes } from 'sequelize'

/** The inactive communities where this person holds manage-community-owners. */
export async function inactiveCommunitiesOwnedBy(
  userId: string,
): Promise<{ id: string; name: string; slug: string }[]> {
  const rows = await Brand.sequelize!.query<{ brandId: string }>(
    `SELECT DISTINCT g.brandId FROM role_grants g
       JOIN role_permissions rp ON rp.roleId = g.roleId
       JOIN permissions p ON p.id = rp.permissionId
       JOIN memberships m ON m.brandId = g.brandId AND m.userId = g.userId AND m.status = 'active'
     WHERE g.userId = :userId AND g.roomId IS NULL AND p.slug = 'manage-community-owners'`,
    { type: QueryTypes.SELECT, replacements: { userId } },
  )
  if (rows.length === 0) return []
  const brands = await Brand.findAll({
    where: { id: { [Op.in]: rows.map((row) => row.brandId) }, status: 'deleted' },
    attributes: ['id', 'name', 'slug'],
    order: [['name', 'ASC']],
  })
  return brands.map(({ id, name, slug }) => ({ id, name, slug }))
}

/** Makes the community active again when this person may manage its owners; its slug, or null when not. */
export async function reactivateCommunity(userId: string, brandId: unknown): Promise<string | null> {
  if (typeof brandId !== 'string' || brandId.length > 64) return null
  const brand = await Brand.findOne({ where: { id: brandId, status: 'deleted' } })
  if (!brand) return null
  const held = await permissionsHeld(userId, brand.id)
  if (!held.has('manage-community-owners')) return null
  await brand.update({ status: 'active' })
  return brand.slug
}
