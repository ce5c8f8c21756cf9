import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// The media library: each person's videos, images and files within a community.
// The bytes live in the media store (app/lib/media/storage.server.ts) under storageKey; this row is
// what the library lists and what every read of the file is checked against.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  const ref = (table: string) => ({
    type: DataTypes.STRING(36),
    allowNull: false,
    references: { model: table, key: 'id' },
    onDelete: 'CASCADE',
  })
  await qi.createTable('media', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: ref('brands'),
    userId: ref('users'),
    kind: { type: DataTypes.STRING(8), allowNull: false },
    name: { type: DataTypes.STRING(64), allowNull: false },
    contentType: { type: DataTypes.STRING(100), allowNull: false },
    size: { type: DataTypes.BIGINT, allowNull: false },
    width: { type: DataTypes.INTEGER, allowNull: true },
    height: { type: DataTypes.INTEGER, allowNull: true },
    storageKey: { type: DataTypes.STRING(200), allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  // The library's one query: a person's items of one kind in a community, newest first.
  await qi.addIndex('media', ['brandId', 'userId', 'kind', 'createdAt'], { name: 'media_library' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('media')
}
