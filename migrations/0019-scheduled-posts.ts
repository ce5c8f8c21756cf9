import type { QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Scheduled posts (issue 12 item 1) need no new column: posts.status and posts.draftPostTime carry
// them. Each web process asks every few seconds which scheduled posts are due, and the drafts page
// lists a person's drafts: two indexes so neither reads the whole posts table.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.addIndex('posts', ['status', 'draftPostTime'], { name: 'posts_scheduled_due' })
  await qi.addIndex('posts', ['authorId', 'status'], { name: 'posts_author_drafts' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeIndex('posts', 'posts_author_drafts')
  await qi.removeIndex('posts', 'posts_scheduled_due')
}
