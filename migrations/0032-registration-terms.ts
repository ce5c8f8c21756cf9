import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// event_registrations.termsAcceptedAt: when the person registering accepted the community's terms
// and privacy policy (asked on the registration form when the community links them, as its sign-up
// link asks; memberships.termsAcceptedAt, 0031). Null for imported registrations and communities
// without terms.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('event_registrations', 'termsAcceptedAt', { type: DataTypes.DATE, allowNull: true })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  // SQLite's own DROP COLUMN: Sequelize would make the table again (CONTRIBUTING.md, a migration).
  if (qi.sequelize.getDialect() === 'sqlite')
    await qi.sequelize.query('ALTER TABLE event_registrations DROP COLUMN termsAcceptedAt')
  else await qi.removeColumn('event_registrations', 'termsAcceptedAt')
}
