import { QueryTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'
import { newId } from '../models/ids'

// Every community has a sign-up link (docs/admin-guide.md#sign-up-link): new ones get it when they
// are made (models/brand.ts); those made before this migration get one now. Whether the link works
// is still their allowSignUps switch, so no community starts taking sign-ups by this.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  const brands = await qi.sequelize.query<{ id: string }>('SELECT id FROM brands WHERE selfSignupHash IS NULL', {
    type: QueryTypes.SELECT,
  })
  for (const { id } of brands) {
    await qi.bulkUpdate('brands', { selfSignupHash: newId() }, { id })
  }
}

// Nothing to undo: a link that was issued stays valid data for the older code.
export async function down() {}
