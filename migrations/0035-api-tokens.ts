import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// api_tokens: personal access tokens for the JSON API (docs/decisions/0021-api-tokens.md). Only the
// SHA-256 of a token is kept; its first characters (prefix) let its owner tell tokens apart. A token is
// its owner's, for every community they belong to or for one (brandId), at a scope (read, write, admin).
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('api_tokens', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    userId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    brandId: {
      type: DataTypes.STRING(36),
      allowNull: true,
      references: { model: 'brands', key: 'id' },
      onDelete: 'CASCADE',
    },
    name: { type: DataTypes.STRING(80), allowNull: false },
    scope: { type: DataTypes.STRING(8), allowNull: false },
    prefix: { type: DataTypes.STRING(24), allowNull: false },
    tokenHash: { type: DataTypes.STRING(64), allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    lastUsedAt: { type: DataTypes.DATE, allowNull: true },
    lastUsedAddress: { type: DataTypes.STRING(64), allowNull: true },
    revokedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  await qi.addIndex('api_tokens', ['tokenHash'], { unique: true, name: 'api_tokens_hash' })
  await qi.addIndex('api_tokens', ['userId', 'createdAt'], { name: 'api_tokens_user' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('api_tokens')
}
