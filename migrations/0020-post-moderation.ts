import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Post toxicity moderation. A post's moderation state lives in the `status` column 0015 made for
// it: 'held' (waiting in the review queue) and 'rejected' (a moderator kept it out) beside
// 'published'. This adds what the review needs: the score that held it, who cleared it and when.
// reviewedBy is a stamp, not a foreign key: the reviewer's account going away must neither take the
// post with it nor block removing the account.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addColumn('posts', 'moderationScore', { type: DataTypes.INTEGER, allowNull: true })
  await qi.addColumn('posts', 'reviewedBy', { type: DataTypes.STRING(36), allowNull: true })
  await qi.addColumn('posts', 'reviewedAt', { type: DataTypes.DATE(3), allowNull: true })
  // The review queue's one query: a community's held posts, oldest first.
  await qi.addIndex('posts', ['brandId', 'status', 'createdAt'], { name: 'posts_review_queue' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeIndex('posts', 'posts_review_queue')
  await qi.removeColumn('posts', 'reviewedAt')
  await qi.removeColumn('posts', 'reviewedBy')
  await qi.removeColumn('posts', 'moderationScore')
}
