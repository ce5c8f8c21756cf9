import type { QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// The hourly pruning (app/lib/platform/housekeeping.server.ts) deletes by time: these let it find the rows
// without reading whole tables. Sessions and auth codes have had theirs since 0003.
const INDEXES = [
  { table: 'magic_links', fields: ['expiresAt'], name: 'magic_links_expires' },
  { table: 'rate_limits', fields: ['resetAt'], name: 'rate_limits_reset' },
  { table: 'outbox_messages', fields: ['status', 'sentAt'], name: 'outbox_status_sent' },
]

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  for (const { table, fields, name } of INDEXES) await qi.addIndex(table, fields, { name })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  for (const { table, name } of [...INDEXES].reverse()) await qi.removeIndex(table, name)
}
