import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'
import { newId } from '../models/ids'
import { syncRoleCatalogue } from '../models/role-catalogue'

// Membership requests become memberships: one row per person and community that says whether they
// are active, pending, rejected or archived (deleted), so archiving can take access away while
// keeping the roles. Approved requests become active; everyone who already held a community-wide
// role gets an active membership. The catalogue gains the product's roles.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  const db = qi.sequelize
  await qi.renameTable('membership_requests', 'memberships')
  await qi.addColumn('memberships', 'invitedAt', { type: DataTypes.DATE, allowNull: true })
  await db.query(`UPDATE memberships SET status = 'active' WHERE status = 'approved'`)

  const holders = await db.query<{ userId: string; brandId: string; createdAt: Date }>(
    `SELECT g.userId, g.brandId, MIN(g.createdAt) AS createdAt FROM role_grants g
     LEFT JOIN memberships m ON m.userId = g.userId AND m.brandId = g.brandId
     WHERE g.roomId IS NULL AND m.id IS NULL GROUP BY g.userId, g.brandId`,
    { type: QueryTypes.SELECT },
  )
  const now = new Date()
  if (holders.length) {
    await qi.bulkInsert(
      'memberships',
      holders.map(({ userId, brandId, createdAt }) => ({
        id: newId(),
        userId,
        brandId,
        status: 'active',
        source: 'registration',
        createdAt: new Date(createdAt),
        updatedAt: now,
      })),
    )
  }
  await syncRoleCatalogue(qi)
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  const db = qi.sequelize
  await db.query(`DELETE FROM memberships WHERE status = 'deleted'`)
  await db.query(`UPDATE memberships SET status = 'approved' WHERE status = 'active'`)
  await qi.removeColumn('memberships', 'invitedAt')
  await qi.renameTable('memberships', 'membership_requests')
}
