import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Groups. A group is a room (context 'group'): its type, members, co-hosts, directory settings,
// banner and moderation flags are columns the rooms table has had since 0001, and its questionnaire
// lives in newMemberFormDefinition. What is new is the join request (a join request is submitted
// for approval and then approved): one row per person and group, holding the answers to the group's
// questions as they were asked.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  const ref = (table: string) => ({
    type: DataTypes.STRING(36),
    allowNull: false,
    references: { model: table, key: 'id' },
    onDelete: 'CASCADE',
  })
  await qi.createTable('group_join_requests', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: ref('brands'),
    roomId: ref('rooms'),
    userId: ref('users'),
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
    answers: { type: DataTypes.JSON, allowNull: true },
    decidedById: { type: DataTypes.STRING(36), allowNull: true },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  // One request per person and group: asking again after a refusal reopens the same row.
  await qi.addIndex('group_join_requests', ['roomId', 'userId'], { unique: true, name: 'group_join_requests_unique' })
  await qi.addIndex('group_join_requests', ['brandId', 'status'], { name: 'group_join_requests_brand_status' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('group_join_requests')
}
