import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Direct messages: a conversation in a community, its participants (members, or external people
// known by a name and an email or phone), the messages (the conversation's "events") and their
// attached files.
//
// Unread counts are a counter on each participant (raised when someone else writes, cleared when
// they read) rather than a timestamp comparison: MariaDB's DATETIME keeps whole seconds by default,
// so "newer than my last read" would miss a message written in the same second.
const id = () => ({ type: DataTypes.STRING(36), primaryKey: true, allowNull: false })
const ref = (model: string) => ({
  type: DataTypes.STRING(36),
  allowNull: false,
  references: { model, key: 'id' },
  onDelete: 'CASCADE',
})
const optionalRef = (model: string) => ({
  type: DataTypes.STRING(36),
  allowNull: true,
  references: { model, key: 'id' },
  onDelete: 'SET NULL',
})
const stamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('conversations', {
    id: id(),
    brandId: ref('brands'),
    // The type defaults to internal; external when someone outside the community takes part.
    type: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'internal' },
    createdById: optionalRef('users'),
    // At most one tag; its members were the recipients when it was written.
    tagId: optionalRef('brand_tags'),
    lastMessageAt: { type: DataTypes.DATE(3), allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('conversations', ['brandId', 'lastMessageAt'], { name: 'conversations_brand_last' })

  await qi.createTable('conversation_participants', {
    id: id(),
    conversationId: ref('conversations'),
    // A member; null for an external recipient, who has a name and an email or a phone instead.
    userId: {
      type: DataTypes.STRING(36),
      allowNull: true,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
    },
    name: { type: DataTypes.STRING(255), allowNull: true },
    emailAddress: { type: DataTypes.STRING(255), allowNull: true },
    phoneNumber: { type: DataTypes.STRING(40), allowNull: true },
    // An external recipient's reply link: the SHA-256 of its secret, and when it stops working.
    replyTokenHash: { type: DataTypes.STRING(64), allowNull: true },
    replyTokenExpiresAt: { type: DataTypes.DATE, allowNull: true },
    unreadCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    // The product's last-read event.
    lastReadMessageId: { type: DataTypes.STRING(36), allowNull: true },
    lastReadAt: { type: DataTypes.DATE, allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('conversation_participants', ['conversationId', 'userId'], {
    unique: true,
    name: 'conversation_participants_unique',
  })
  await qi.addIndex('conversation_participants', ['userId'], { name: 'conversation_participants_user' })
  await qi.addIndex('conversation_participants', ['replyTokenHash'], { name: 'conversation_participants_token' })

  await qi.createTable('messages', {
    id: id(),
    conversationId: ref('conversations'),
    senderParticipantId: ref('conversation_participants'),
    body: { type: DataTypes.TEXT, allowNull: false },
    // Milliseconds, so a conversation reads in the order it was written.
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  await qi.addIndex('messages', ['conversationId', 'createdAt'], { name: 'messages_conversation_created' })

  await qi.createTable('message_attachments', {
    id: id(),
    messageId: ref('messages'),
    fileName: { type: DataTypes.STRING(255), allowNull: false },
    contentType: { type: DataTypes.STRING(100), allowNull: false },
    size: { type: DataTypes.INTEGER, allowNull: false },
    // Where the attachment store keeps the bytes (app/lib/messages/attachment-store.server.ts).
    storageKey: { type: DataTypes.STRING(255), allowNull: false },
    // The files' order as sent (they share a creation time, and ids are random).
    position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...stamps(),
  })
  await qi.addIndex('message_attachments', ['messageId'], { name: 'message_attachments_message' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('message_attachments')
  await qi.dropTable('messages')
  await qi.dropTable('conversation_participants')
  await qi.dropTable('conversations')
}
