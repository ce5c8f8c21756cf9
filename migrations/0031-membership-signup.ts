import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// What someone joining by the sign-up link gave the community (docs/admin-guide.md#the-sign-up-link):
// - memberships.termsAcceptedAt: when they accepted its terms and privacy policy (asked when the
//   community links them);
// - memberships.signupAnswers: their answers to its sign-up questions, each with the question as it
//   read then ([{ label, value }]), for the admins who approve them.
// Null for everyone else.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('memberships', 'termsAcceptedAt', { type: DataTypes.DATE, allowNull: true })
  await qi.addColumn('memberships', 'signupAnswers', { type: DataTypes.JSON, allowNull: true })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeColumn('memberships', 'signupAnswers')
  await qi.removeColumn('memberships', 'termsAcceptedAt')
}
