import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Posts, comments, replies and reactions.
// A comment is a post whose parent is a post; a reply's parent is a comment. `status` holds the
// post's state: 'published', 'draft', 'scheduled' (due at draftPostTime); 'held' (moderation) fits
// the same column later. Deleting is a flag, so a thread keeps its shape.
const id = () => ({ type: DataTypes.STRING(36), primaryKey: true, allowNull: false })
const ref = (model: string, allowNull = false) => ({
  type: DataTypes.STRING(36),
  allowNull,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
})
// Milliseconds (MariaDB's DATETIME keeps whole seconds otherwise): threads and feeds are read in the order posts were written.
const stamps = () => ({
  createdAt: { type: DataTypes.DATE(3), allowNull: false },
  updatedAt: { type: DataTypes.DATE(3), allowNull: false },
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('posts', {
    id: id(),
    brandId: ref('brands'),
    contextRoomId: ref('rooms'),
    parentPostId: ref('posts', true),
    authorId: ref('users'),
    message: { type: DataTypes.TEXT, allowNull: true },
    fileUrls: { type: DataTypes.JSON, allowNull: true },
    videoUrl: { type: DataTypes.STRING(2048), allowNull: true },
    videoThumbnailUrl: { type: DataTypes.STRING(2048), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'published' },
    // Milliseconds kept, like the stamps: "due" compares it with the clock to the millisecond.
    draftPostTime: { type: DataTypes.DATE(3), allowNull: true },
    sendNotification: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    pinned: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    promoted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    promotedBy: ref('users', true),
    deleted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ...stamps(),
  })
  // The feeds read a room's top-level posts newest first, the hub reads promoted ones, a thread reads a parent's children in order.
  await qi.addIndex('posts', ['contextRoomId', 'parentPostId', 'createdAt'], { name: 'posts_room_feed' })
  await qi.addIndex('posts', ['brandId', 'promoted', 'createdAt'], { name: 'posts_brand_promoted' })
  await qi.addIndex('posts', ['parentPostId', 'createdAt'], { name: 'posts_parent' })
  // Each web process asks every few seconds which scheduled posts are due, and the drafts page
  // lists a person's drafts and scheduled posts (app/lib/posts/post-scheduler.server.ts, drafts.server.ts).
  await qi.addIndex('posts', ['status', 'draftPostTime'], { name: 'posts_scheduled_due' })
  await qi.addIndex('posts', ['authorId', 'status'], { name: 'posts_author_drafts' })

  await qi.createTable('post_reactions', {
    id: id(),
    postId: ref('posts'),
    userId: ref('users'),
    emoji: { type: DataTypes.STRING(16), allowNull: false },
    ...stamps(),
  })
  await qi.addIndex('post_reactions', ['postId', 'userId', 'emoji'], { unique: true, name: 'post_reactions_unique' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('post_reactions')
  await qi.dropTable('posts')
}
