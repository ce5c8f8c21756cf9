import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

const when = { type: DataTypes.DATE(3), allowNull: false }

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  // Social sign-in: which account at which provider (the provider's stable subject id) belongs to
  // which user. The email is the verified address the provider gave when the link was made or last
  // used; a second subject of the same provider may not take an address already linked.
  await qi.createTable('oauth_accounts', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    provider: { type: DataTypes.STRING(32), allowNull: false },
    subject: { type: DataTypes.STRING(255), allowNull: false },
    userId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    email: { type: DataTypes.STRING(320), allowNull: true },
    createdAt: when,
    updatedAt: when,
  })
  await qi.addIndex('oauth_accounts', ['provider', 'subject'], {
    unique: true,
    name: 'oauth_accounts_provider_subject',
  })
  await qi.addIndex('oauth_accounts', ['provider', 'email'], { name: 'oauth_accounts_provider_email' })
  await qi.addIndex('oauth_accounts', ['userId'], { name: 'oauth_accounts_user' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('oauth_accounts')
}
