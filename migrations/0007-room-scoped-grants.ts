import { DataTypes, Op, QueryTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'
import { newId } from '../models/ids'

// Meeting powers belong to a room. A role grant may name a room: it then applies in that room only;
// a grant naming none applies to the whole community, as an admin grants it.
//
// Claiming a personal room used to grant room-host across the main brand, so every owner of a
// personal room could kick and mute in everyone else's. Those grants are repaired here: each
// brand-wide room-host / room-co-host grant in the main brand becomes one grant per room of the
// main brand that the person hosts (room-host) or co-hosts (room-co-host), and the brand-wide one
// is removed. Someone who hosts no room there keeps nothing.

const MAIN_BRAND_SLUG = 'me'
const ROOM_ROLES = ['room-host', 'room-co-host']

type GrantRow = { id: string; userId: string; roleId: string; brandId: string; slug: string }
type RoomRow = { id: string; hostId: string | null; coHosts: unknown }

/** JSON columns come back as text from SQLite's raw queries and as values from MariaDB's. */
function idList(value: unknown): string[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : []
}

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('role_grants', 'roomId', {
    type: DataTypes.STRING(36),
    allowNull: true,
    references: { model: 'rooms', key: 'id' },
    onDelete: 'CASCADE',
  })
  // One grant of a role per person and room (or community-wide). The new index comes first: on
  // MariaDB the old one backs the userId foreign key until another index starting with userId exists.
  await qi.addIndex('role_grants', ['userId', 'brandId', 'roleId', 'roomId'], {
    unique: true,
    name: 'role_grants_unique_room',
  })
  await qi.removeIndex('role_grants', 'role_grants_unique')
  await qi.addIndex('role_grants', ['roomId'], { name: 'role_grants_room' })

  const db = qi.sequelize
  await db.transaction(async (transaction) => {
    const grants = await db.query<GrantRow>(
      `SELECT g.id, g.userId, g.roleId, g.brandId, r.slug FROM role_grants g
       JOIN roles r ON r.id = g.roleId JOIN brands b ON b.id = g.brandId
       WHERE b.slug = :brand AND g.roomId IS NULL AND r.slug IN (:roles)`,
      { type: QueryTypes.SELECT, replacements: { brand: MAIN_BRAND_SLUG, roles: ROOM_ROLES }, transaction },
    )
    if (!grants.length) return
    const rooms = await db.query<RoomRow>('SELECT id, hostId, coHosts FROM rooms WHERE brandId = :brandId', {
      type: QueryTypes.SELECT,
      replacements: { brandId: grants[0]!.brandId },
      transaction,
    })
    const now = new Date()
    const scoped = grants.flatMap((grant) =>
      rooms
        .filter((room) =>
          grant.slug === 'room-host' ? room.hostId === grant.userId : idList(room.coHosts).includes(grant.userId),
        )
        .map((room) => ({
          id: newId(),
          userId: grant.userId,
          roleId: grant.roleId,
          brandId: grant.brandId,
          roomId: room.id,
          createdAt: now,
          updatedAt: now,
        })),
    )
    if (scoped.length) await qi.bulkInsert('role_grants', scoped, { transaction })
    await qi.bulkDelete('role_grants', { id: grants.map((grant) => grant.id) }, { transaction })
  })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  // Room-scoped grants have no brand-wide meaning to return to: they go, and the column with them.
  await qi.bulkDelete('role_grants', { roomId: { [Op.ne]: null } })
  if (qi.sequelize.getDialect() === 'sqlite') return rebuildWithoutRoom(qi)
  await qi.addIndex('role_grants', ['userId', 'brandId', 'roleId'], { unique: true, name: 'role_grants_unique' })
  await qi.removeIndex('role_grants', 'role_grants_unique_room')
  // MariaDB keeps an index as long as a foreign key needs it: the key goes first.
  const keys = (await qi.getForeignKeyReferencesForTable('role_grants')) as Array<{
    columnName: string
    constraintName: string
  }>
  for (const key of keys.filter((reference) => reference.columnName === 'roomId'))
    await qi.removeConstraint('role_grants', key.constraintName)
  await qi.removeIndex('role_grants', 'role_grants_room')
  await qi.removeColumn('role_grants', 'roomId')
}

/**
 * SQLite cannot drop a column that references another table, and Sequelize's rebuild for it loses
 * the foreign keys' ON DELETE: the table is made again as 0001 made it, and the rows copied over.
 */
async function rebuildWithoutRoom(qi: QueryInterface) {
  const ref = (table: string) => ({
    type: DataTypes.STRING(36),
    allowNull: false,
    references: { model: table, key: 'id' },
    onDelete: 'CASCADE',
  })
  await qi.createTable('role_grants_before_0007', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    userId: ref('users'),
    roleId: ref('roles'),
    brandId: ref('brands'),
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  })
  const columns = 'id, userId, roleId, brandId, createdAt, updatedAt'
  await qi.sequelize.query(`INSERT INTO role_grants_before_0007 (${columns}) SELECT ${columns} FROM role_grants`)
  await qi.dropTable('role_grants')
  await qi.renameTable('role_grants_before_0007', 'role_grants')
  await qi.addIndex('role_grants', ['userId', 'brandId', 'roleId'], { unique: true, name: 'role_grants_unique' })
  await qi.addIndex('role_grants', ['brandId', 'roleId'], { name: 'role_grants_brand_role' })
}
