import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'
import { Message, MessageAttachment } from './message'
import { User } from './user'

/** A conversation is internal unless someone outside the community takes part. */
export const CONVERSATION_TYPES = ['internal', 'external'] as const
export type ConversationType = (typeof CONVERSATION_TYPES)[number]

/** A direct conversation in one community. */
export class Conversation extends Model<InferAttributes<Conversation>, InferCreationAttributes<Conversation>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare type: CreationOptional<ConversationType>
  declare createdById: CreationOptional<string | null>
  declare tagId: CreationOptional<string | null>
  declare lastMessageAt: CreationOptional<Date | null>
  declare participants?: NonAttribute<ConversationParticipant[]>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Conversation.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        type: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'internal' },
        createdById: { type: DataTypes.STRING(36), allowNull: true },
        tagId: { type: DataTypes.STRING(36), allowNull: true },
        lastMessageAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'conversations', modelName: 'Conversation' },
    )
  }
}

/**
 * Someone in a conversation: a member (userId), or an external recipient (name and an email or a
 * phone) who reads and answers through the reply link mailed or texted to them.
 */
export class ConversationParticipant extends Model<
  InferAttributes<ConversationParticipant>,
  InferCreationAttributes<ConversationParticipant>
> {
  declare id: CreationOptional<string>
  declare conversationId: string
  declare userId: CreationOptional<string | null>
  declare name: CreationOptional<string | null>
  declare emailAddress: CreationOptional<string | null>
  declare phoneNumber: CreationOptional<string | null>
  /** The company an external participant gave (a guest's message for a host, migration 0027). */
  declare company: CreationOptional<string | null>
  declare replyTokenHash: CreationOptional<string | null>
  declare replyTokenExpiresAt: CreationOptional<Date | null>
  declare unreadCount: CreationOptional<number>
  declare lastReadMessageId: CreationOptional<string | null>
  declare lastReadAt: CreationOptional<Date | null>
  declare user?: NonAttribute<User | null>
  declare conversation?: NonAttribute<Conversation>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    ConversationParticipant.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        conversationId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: true },
        name: { type: DataTypes.STRING(255), allowNull: true },
        emailAddress: { type: DataTypes.STRING(255), allowNull: true },
        phoneNumber: { type: DataTypes.STRING(40), allowNull: true },
        company: { type: DataTypes.STRING(100), allowNull: true },
        replyTokenHash: { type: DataTypes.STRING(64), allowNull: true },
        replyTokenExpiresAt: { type: DataTypes.DATE, allowNull: true },
        unreadCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastReadMessageId: { type: DataTypes.STRING(36), allowNull: true },
        lastReadAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'conversation_participants', modelName: 'ConversationParticipant' },
    )
  }
}

/** Binds the messaging models and their associations (models/index.ts calls this once). */
export function initialiseConversations(sequelize: Sequelize) {
  Conversation.initialise(sequelize)
  ConversationParticipant.initialise(sequelize)
  Message.initialise(sequelize)
  MessageAttachment.initialise(sequelize)
  Conversation.hasMany(ConversationParticipant, { foreignKey: 'conversationId', as: 'participants' })
  ConversationParticipant.belongsTo(Conversation, { foreignKey: 'conversationId', as: 'conversation' })
  ConversationParticipant.belongsTo(User, { foreignKey: 'userId', as: 'user' })
  Message.hasMany(MessageAttachment, { foreignKey: 'messageId', as: 'attachments' })
}
