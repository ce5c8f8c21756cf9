import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// calendar_feeds: a person's secret calendar address (/me/calendar/{secret}.ics), which their calendar
// app reads to show the events they registered for (issue 27, item 5). One per person: making a new
// one replaces the row, so the old address stops working at once; turning it off deletes it. Only the
// SHA-256 of the secret is kept, with its first characters (prefix) so its owner can tell which it is.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('calendar_feeds', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    userId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    prefix: { type: DataTypes.STRING(24), allowNull: false },
    secretHash: { type: DataTypes.STRING(64), allowNull: false },
    lastReadAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  await qi.addIndex('calendar_feeds', ['secretHash'], { unique: true, name: 'calendar_feeds_hash' })
  await qi.addIndex('calendar_feeds', ['userId'], { unique: true, name: 'calendar_feeds_user' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('calendar_feeds')
}
