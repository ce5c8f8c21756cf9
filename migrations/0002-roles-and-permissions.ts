import { QueryTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'
import { syncRoleCatalogue } from '../models/role-catalogue'

// Writes the catalogue of models/permissions.ts. A later change to the catalogue adds a migration
// that calls the same sync, so every database converges on the same roles.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await syncRoleCatalogue(qi)
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.sequelize.query('DELETE FROM role_permissions', { type: QueryTypes.DELETE })
  await qi.bulkDelete('roles', {})
  await qi.bulkDelete('permissions', {})
}
