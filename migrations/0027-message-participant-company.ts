import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// A message left for a host from the waiting room (full name, company name and mobile phone): a
// guest writes as an external participant (name and mobile phone, as someone a member writes to
// outside the community), and the company they give is kept with them, so the host reads who the
// caller is with. Null for everyone else.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('conversation_participants', 'company', { type: DataTypes.STRING(100), allowNull: true })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeColumn('conversation_participants', 'company')
}
