import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Notifications (the notifications panel and its settings dialog): one row per recipient and
// event, and each member's settings per community, optionally overridden per room.
const id = () => ({ type: DataTypes.STRING(36), primaryKey: true, allowNull: false })
const ref = (model: string, allowNull = false) => ({
  type: DataTypes.STRING(36),
  allowNull,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
})
const stamps = () => ({
  createdAt: { type: DataTypes.DATE(3), allowNull: false },
  updatedAt: { type: DataTypes.DATE(3), allowNull: false },
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('notifications', {
    id: id(),
    brandId: ref('brands'),
    recipientId: ref('users'),
    // Who caused it; null when nobody in particular did. No foreign key: a notification outlives the actor's account.
    actorId: { type: DataTypes.STRING(36), allowNull: true },
    kind: { type: DataTypes.STRING(32), allowNull: false },
    // A kind's variant (a connection "requested" or "accepted").
    detail: { type: DataTypes.STRING(16), allowNull: true },
    // The subject: the post the link opens, the room (group) it concerns. Plain ids: a removed post or room leaves a notice that links nowhere.
    postId: { type: DataTypes.STRING(36), allowNull: true },
    roomId: { type: DataTypes.STRING(36), allowNull: true },
    readAt: { type: DataTypes.DATE(3), allowNull: true },
    // 'live' (mailed at once), 'daily' (waits for the digest) or 'none' (the panel only).
    delivery: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'none' },
    mailedAt: { type: DataTypes.DATE(3), allowNull: true },
    ...stamps(),
  })
  // The panel (newest first) and the badge (unread count) of one member in one community.
  await qi.addIndex('notifications', ['recipientId', 'brandId', 'createdAt'], { name: 'notifications_panel' })
  await qi.addIndex('notifications', ['recipientId', 'brandId', 'readAt'], { name: 'notifications_unread' })
  // The digest's query: daily rows not mailed yet.
  await qi.addIndex('notifications', ['delivery', 'mailedAt', 'recipientId'], { name: 'notifications_digest' })

  await qi.createTable('notification_settings', {
    id: id(),
    brandId: ref('brands'),
    userId: ref('users'),
    // Null: the member's setting for the whole community; a room: that room's override of the scope.
    roomId: ref('rooms', true),
    frequency: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'live' },
    scope: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'posts' },
    // When the last daily digest went out: the once-a-day guard, kept across restarts.
    lastDigestAt: { type: DataTypes.DATE(3), allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('notification_settings', ['brandId', 'userId', 'roomId'], {
    unique: true,
    name: 'notification_settings_owner',
  })
  await qi.addIndex('notification_settings', ['roomId', 'scope'], { name: 'notification_settings_room' })
  await qi.addIndex('notification_settings', ['brandId', 'frequency'], { name: 'notification_settings_frequency' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('notification_settings')
  await qi.dropTable('notifications')
}
