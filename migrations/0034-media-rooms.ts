import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// media.roomId: an item kept in a group's shared library (the spec's media `context`/`roomId`), or null for the
// uploader's own library as before. Listed by room and kind, newest first.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('media', 'roomId', { type: DataTypes.STRING(36), allowNull: true })
  await qi.addIndex('media', ['roomId', 'kind', 'createdAt'], { name: 'media_room_kind_created' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeIndex('media', 'media_room_kind_created')
  // SQLite's own DROP COLUMN: Sequelize would make the table again (CONTRIBUTING.md, a migration).
  if (qi.sequelize.getDialect() === 'sqlite') await qi.sequelize.query('ALTER TABLE media DROP COLUMN roomId')
  else await qi.removeColumn('media', 'roomId')
}
