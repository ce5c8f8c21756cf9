import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// meeting_logs: each line also as an event with names (event, actor, subject, detail), which the meeting's hosts
// read in their own language (media-edge/contract/meeting-log.ts); `message` stays the operators' English
// sentence. Null on lines written before.
const COLUMNS = ['event', 'actor', 'subject', 'detail'] as const

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('meeting_logs', 'event', { type: DataTypes.STRING(40), allowNull: true })
  for (const column of COLUMNS.slice(1))
    await qi.addColumn('meeting_logs', column, { type: DataTypes.STRING(255), allowNull: true })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  for (const column of COLUMNS) {
    // SQLite's own DROP COLUMN: Sequelize would make the table again (CONTRIBUTING.md, a migration).
    if (qi.sequelize.getDialect() === 'sqlite')
      await qi.sequelize.query(`ALTER TABLE meeting_logs DROP COLUMN ${column}`)
    else await qi.removeColumn('meeting_logs', column)
  }
}
