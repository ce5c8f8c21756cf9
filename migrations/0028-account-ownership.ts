import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// An account belongs to its person (docs/security.md "Who may change what about a person").
// - users.firstSignedInAt: set the first time the person signs in; from then on only they change
//   their name, email and phone.
// - users.managedByBrandId: the community that made the account for someone who had none (the
//   new-member wizard, a CSV import); it may fill the account in until firstSignedInAt is set.
//   Accounts older than this migration have no managing community: nobody but the person edits them.
// - member_invitations: adding someone who already has an account no longer makes them a member;
//   it mails them an invitation (only the SHA-256 of its token is kept) that they accept or decline.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('users', 'firstSignedInAt', { type: DataTypes.DATE, allowNull: true })
  await qi.addColumn('users', 'managedByBrandId', { type: DataTypes.STRING(36), allowNull: true })
  const ref = (table: string) => ({
    type: DataTypes.STRING(36),
    allowNull: false,
    references: { model: table, key: 'id' },
    onDelete: 'CASCADE',
  })
  await qi.createTable('member_invitations', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: ref('brands'),
    userId: ref('users'),
    invitedById: { type: DataTypes.STRING(36), allowNull: true },
    kind: { type: DataTypes.STRING(16), allowNull: false },
    offer: { type: DataTypes.JSON, allowNull: true },
    tokenHash: { type: DataTypes.STRING(64), allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'open' },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    decidedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  await qi.addIndex('member_invitations', ['tokenHash'], { unique: true, name: 'member_invitations_token' })
  // One open invitation of a kind per person and community: inviting again replaces its link.
  await qi.addIndex('member_invitations', ['brandId', 'userId', 'kind'], { name: 'member_invitations_person' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('member_invitations')
  for (const column of ['managedByBrandId', 'firstSignedInAt']) {
    // Sequelize drops a column on SQLite by making the table again, and dropping `users` deletes
    // every row that references it (ON DELETE CASCADE): SQLite's own DROP COLUMN keeps them.
    if (qi.sequelize.getDialect() === 'sqlite') await qi.sequelize.query(`ALTER TABLE users DROP COLUMN ${column}`)
    else await qi.removeColumn('users', column)
  }
}
