import { QueryTypes, type QueryInterface } from 'sequelize'
import { newId } from './ids'
import { PERMISSIONS, ROLES } from './permissions'

/** Brings the roles, permissions and role_permissions tables in line with the catalogue. Idempotent. */
export async function syncRoleCatalogue(qi: QueryInterface) {
  const db = qi.sequelize
  const now = new Date()
  const idsBySlug = async (table: 'roles' | 'permissions') => {
    const rows = await db.query<{ id: string; slug: string }>(`SELECT id, slug FROM ${table}`, {
      type: QueryTypes.SELECT,
    })
    return new Map(rows.map((row) => [row.slug, row.id]))
  }

  const permissionIds = await idsBySlug('permissions')
  for (const [slug, name] of Object.entries(PERMISSIONS)) {
    if (permissionIds.has(slug)) continue
    const id = newId()
    await qi.bulkInsert('permissions', [{ id, slug, name, description: name, createdAt: now, updatedAt: now }])
    permissionIds.set(slug, id)
  }

  const roleIds = await idsBySlug('roles')
  for (const [slug, role] of Object.entries(ROLES)) {
    let roleId = roleIds.get(slug)
    if (!roleId) {
      roleId = newId()
      await qi.bulkInsert('roles', [{ id: roleId, slug, name: role.name, createdAt: now, updatedAt: now }])
    }
    await qi.bulkDelete('role_permissions', { roleId })
    const rows = role.permissions.map((permission) => ({ roleId, permissionId: permissionIds.get(permission)! }))
    if (rows.length) await qi.bulkInsert('role_permissions', rows)
  }
}
