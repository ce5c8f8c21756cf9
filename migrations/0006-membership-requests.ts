import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

const ref = (table: string, allowNull = false) => ({
  type: DataTypes.STRING(36),
  allowNull,
  references: { model: table, key: 'id' },
  onDelete: allowNull ? 'SET NULL' : 'CASCADE',
})
const when = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull })

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  // A request to become a member of a community ("membership requests are moderated or
  // auto-approved"; member moderation: pending goes to approved or rejected). A pending person holds
  // no role in the community, so every permission check keeps them out until an admin approves.
  await qi.createTable('membership_requests', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: ref('brands'),
    userId: ref('users'),
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
    // How the request came in: the community's sign-up link, and later invitations or imports.
    source: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'signup-link' },
    decidedById: ref('users', true),
    decidedAt: when(true),
    createdAt: when(),
    updatedAt: when(),
  })
  await qi.addIndex('membership_requests', ['brandId', 'userId'], { unique: true, name: 'membership_requests_unique' })
  await qi.addIndex('membership_requests', ['brandId', 'status'], { name: 'membership_requests_brand_status' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('membership_requests')
}
