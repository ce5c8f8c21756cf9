import { QueryTypes } from 'sequelize'
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { Permission, Role } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { PERMISSIONS, ROLES, type PermissionSlug } from '#models/permissions'
import { syncRoleCatalogue } from '#models/role-catalogue'

const ALL = Object.keys(PERMISSIONS) as PermissionSlug[]

async function permissionsByRole() {
  const roles = await Role.findAll({ include: [{ model: Permission, as: 'permissions' }] })
  return Object.fromEntries(roles.map((role) => [role.slug, (role.permissions ?? []).map((p) => p.slug).sort()]))
}

async function count(table: string) {
  const [row] = await db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`, {
    type: QueryTypes.SELECT,
  })
  return Number(row!.n)
}

describe('role catalogue', () => {
  it('holds the community and room roles with their permissions', async () => {
    const granted = await permissionsByRole()
    expect(Object.keys(granted)).toEqual(
      expect.arrayContaining(['community-owner', 'community-admin', 'community-member', 'room-host', 'room-co-host']),
    )
    expect(granted['community-owner']).toEqual([...ALL].sort())
    expect(granted['community-admin']).toEqual(ALL.filter((slug) => slug !== 'manage-community-owners').sort())
    expect(granted['community-admin']).not.toContain('manage-community-owners')
    expect(granted['community-member']).toEqual(
      [
        'access-community',
        'access-community-groups',
        'access-community-members',
        'access-community-tags',
        'create-groups',
        'edit-own-user',
        'edit-own-room',
        'edit-own-posts',
      ].sort(),
    )
    expect(granted['room-host']).toEqual(['edit-own-posts', 'edit-own-room', 'edit-own-user', 'kick-peer', 'mute-peer'])
    expect(granted['room-co-host']).toEqual(['edit-group-posts', 'edit-group-room', 'kick-peer', 'mute-peer'])
    for (const [slug, role] of Object.entries(ROLES)) expect(granted[slug]).toEqual([...role.permissions].sort())
  })

  it('names roles and permissions and gives them URL-safe ids', async () => {
    const owner = await Role.findOne({ where: { slug: 'community-owner' }, rejectOnEmpty: true })
    expect(owner.name).toBe('Owner')
    expect(owner.id).toMatch(ID_PATTERN)
    const kick = await Permission.findOne({ where: { slug: 'kick-peer' }, rejectOnEmpty: true })
    expect(kick.name).toBe(PERMISSIONS['kick-peer'])
    expect(kick.id).toMatch(ID_PATTERN)
    expect(await Permission.count()).toBe(ALL.length)
  })

  it('is idempotent: syncing again duplicates nothing and keeps the ids', async () => {
    const before = {
      roles: await db.query('SELECT id, slug FROM roles ORDER BY slug', { type: QueryTypes.SELECT }),
      permissions: await db.query('SELECT id, slug FROM permissions ORDER BY slug', { type: QueryTypes.SELECT }),
      links: await count('role_permissions'),
      granted: await permissionsByRole(),
    }
    await syncRoleCatalogue(db.getQueryInterface())
    await syncRoleCatalogue(db.getQueryInterface())
    expect(await db.query('SELECT id, slug FROM roles ORDER BY slug', { type: QueryTypes.SELECT })).toEqual(
      before.roles,
    )
    expect(await db.query('SELECT id, slug FROM permissions ORDER BY slug', { type: QueryTypes.SELECT })).toEqual(
      before.permissions,
    )
    expect(await count('role_permissions')).toBe(before.links)
    expect(await permissionsByRole()).toEqual(before.granted)
  })

  it('brings a drifted database back to the catalogue', async () => {
    const member = await Role.findOne({ where: { slug: 'community-member' }, rejectOnEmpty: true })
    const manage = await Permission.findOne({ where: { slug: 'manage-community' }, rejectOnEmpty: true })
    const access = await Permission.findOne({ where: { slug: 'access-community' }, rejectOnEmpty: true })
    // A permission the catalogue does not give members, and one it does taken away.
    await db.query('INSERT INTO role_permissions (roleId, permissionId) VALUES (?, ?)', {
      replacements: [member.id, manage.id],
    })
    await db.query('DELETE FROM role_permissions WHERE roleId = ? AND permissionId = ?', {
      replacements: [member.id, access.id],
    })
    await db.query(`DELETE FROM roles WHERE slug = 'recorder'`)

    await syncRoleCatalogue(db.getQueryInterface())

    const granted = await permissionsByRole()
    expect(granted['community-member']).toEqual([...ROLES['community-member'].permissions].sort())
    expect(granted.recorder).toEqual([])
    expect(await Role.count()).toBe(Object.keys(ROLES).length)
  })
})
