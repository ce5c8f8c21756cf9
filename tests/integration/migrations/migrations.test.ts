import { readdirSync } from 'node:fs'
import { QueryTypes } from 'sequelize'
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { migrateUp, migrator } from '#models/migrator'
import { PERMISSIONS, ROLES } from '#models/permissions'

const APP_TABLES = [
  'auth_codes',
  'brands',
  'magic_links',
  'meeting_chat_messages',
  'meeting_logs',
  'meeting_peers',
  'meeting_rooms',
  'memberships',
  'oauth_accounts',
  'outbox_messages',
  'permissions',
  'product_config',
  'rate_limits',
  'role_grants',
  'role_permissions',
  'roles',
  'rooms',
  'sessions',
  'users',
]

/** Every migration file, in the order umzug runs them. */
const MIGRATIONS = readdirSync(new URL('../../../migrations', import.meta.url))
  .filter((name) => /^\d{4}-.*\.ts$/.test(name))
  .sort()

async function tableNames() {
  const tables = (await db.getQueryInterface().showAllTables()) as unknown[]
  // Normalise: some dialects answer { tableName } objects, others plain names.
  return tables.map((table) => (typeof table === 'string' ? table : (table as { tableName: string }).tableName)).sort()
}

async function count(table: string) {
  const [row] = await db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`, {
    type: QueryTypes.SELECT,
  })
  return Number(row!.n)
}

async function catalogueCounts() {
  return {
    roles: await count('roles'),
    permissions: await count('permissions'),
    rolePermissions: await count('role_permissions'),
  }
}

const expectedRolePermissions = Object.values(ROLES).reduce((sum, role) => sum + role.permissions.length, 0)

describe('migrations', () => {
  it('create every table of the schema', async () => {
    const tables = await tableNames()
    for (const table of APP_TABLES) expect(tables).toContain(table)
  })

  it('record every migration as executed and leave none pending', async () => {
    const umzug = migrator(db)
    expect(MIGRATIONS.slice(0, 3)).toEqual(['0001-core.ts', '0002-roles-and-permissions.ts', '0003-identity.ts'])
    expect((await umzug.executed()).map((migration) => migration.name)).toEqual(MIGRATIONS)
    expect(await umzug.pending()).toEqual([])
  })

  it('write the role catalogue', async () => {
    expect(await catalogueCounts()).toEqual({
      roles: Object.keys(ROLES).length,
      permissions: Object.keys(PERMISSIONS).length,
      rolePermissions: expectedRolePermissions,
    })
  })

  it('are a no-op when run again', async () => {
    const tablesBefore = await tableNames()
    const catalogueBefore = await catalogueCounts()
    const rolesBefore = await db.query('SELECT id, slug FROM roles ORDER BY slug', { type: QueryTypes.SELECT })

    expect(await migrateUp(db)).toEqual([])

    expect(await tableNames()).toEqual(tablesBefore)
    expect(await catalogueCounts()).toEqual(catalogueBefore)
    expect(await db.query('SELECT id, slug FROM roles ORDER BY slug', { type: QueryTypes.SELECT })).toEqual(rolesBefore)
  })

  it('go down to nothing and back up again', async () => {
    const umzug = migrator(db)
    // Some data in every table, so the down migrations have foreign keys to respect.
    await db.query(
      `INSERT INTO users (id, name, emailAddress, createdAt, updatedAt) VALUES ('u1', 'Someone', 'someone@example.test', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
    )
    await db.query(
      `INSERT INTO brands (id, slug, name, createdAt, updatedAt) VALUES ('b1', 'downup', 'Down Up', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
    )
    await db.query(
      `INSERT INTO rooms (id, slug, brandId, hostId, createdAt, updatedAt) VALUES ('r1', 'room', 'b1', 'u1', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
    )
    await db.query(
      `INSERT INTO role_grants (id, userId, roleId, brandId, createdAt, updatedAt)
       SELECT 'g1', 'u1', id, 'b1', '2024-01-01 00:00:00', '2024-01-01 00:00:00' FROM roles WHERE slug = 'community-owner'`,
    )

    const reverted = await umzug.down({ to: 0 })
    expect(reverted.map((migration) => migration.name)).toEqual([...MIGRATIONS].reverse())
    const afterDown = await tableNames()
    for (const table of APP_TABLES) expect(afterDown).not.toContain(table)
    expect(await umzug.executed()).toEqual([])

    const applied = await umzug.up()
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS)
    const afterUp = await tableNames()
    for (const table of APP_TABLES) expect(afterUp).toContain(table)
    expect(await count('users')).toBe(0)
    expect(await count('brands')).toBe(0)
    expect(await catalogueCounts()).toEqual({
      roles: Object.keys(ROLES).length,
      permissions: Object.keys(PERMISSIONS).length,
      rolePermissions: expectedRolePermissions,
    })
  })
})
