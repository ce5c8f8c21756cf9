import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

const when = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull })
const timestamps = { createdAt: when(), updatedAt: when() }

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  // Server-side sessions: the cookie holds only this row's id (signed); the row holds the identities.
  await qi.createTable('sessions', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    data: { type: DataTypes.JSON, allowNull: true },
    expiresAt: when(),
    ...timestamps,
  })
  await qi.addIndex('sessions', ['expiresAt'], { name: 'sessions_expires' })

  // One-time sign-in codes, keyed by a hash of the strategy's encrypted code (never the code itself).
  await qi.createTable('auth_codes', {
    id: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
    active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    expiresAt: when(),
    ...timestamps,
  })
  await qi.addIndex('auth_codes', ['expiresAt'], { name: 'auth_codes_expires' })

  // Magic links (ml/{id}): sign a user in and send them to a destination, once, before they expire.
  await qi.createTable('magic_links', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    userId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    destinationUrl: { type: DataTypes.STRING(2048), allowNull: false },
    expiresAt: when(),
    usedAt: when(true),
    ...timestamps,
  })

  // Fixed-window counters for rate limits when no Redis is configured.
  await qi.createTable('rate_limits', {
    key: { type: DataTypes.STRING(191), primaryKey: true, allowNull: false },
    count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    resetAt: when(),
  })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  for (const table of ['rate_limits', 'magic_links', 'auth_codes', 'sessions']) await qi.dropTable(table)
}
