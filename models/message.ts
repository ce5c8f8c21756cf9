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

/** One message of a conversation (the product's conversation "event"), written by one of its participants. */
export class Message extends Model<InferAttributes<Message>, InferCreationAttributes<Message>> {
  declare id: CreationOptional<string>
  declare conversationId: string
  declare senderParticipantId: string
  declare body: string
  declare attachments?: NonAttribute<MessageAttachment[]>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Message.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        conversationId: { type: DataTypes.STRING(36), allowNull: false },
        senderParticipantId: { type: DataTypes.STRING(36), allowNull: false },
        body: { type: DataTypes.TEXT, allowNull: false },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'messages', modelName: 'Message' },
    )
  }
}

/**
 * What a stored file is to its message: an attached file (a download), the message's video
 * (videoUrl, at most one) or that video's thumbnail (videoThumbnailUrl, made on the server).
 */
export const ATTACHMENT_ROLES = ['file', 'video', 'thumbnail'] as const
export type AttachmentRole = (typeof ATTACHMENT_ROLES)[number]

/** A file sent with a message; its bytes live in the media store (app/lib/media/storage.server.ts) under storageKey. */
export class MessageAttachment extends Model<
  InferAttributes<MessageAttachment>,
  InferCreationAttributes<MessageAttachment>
> {
  declare id: CreationOptional<string>
  declare messageId: string
  declare fileName: string
  declare contentType: string
  declare size: number
  declare storageKey: string
  declare role: CreationOptional<AttachmentRole>
  declare position: CreationOptional<number>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    MessageAttachment.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        messageId: { type: DataTypes.STRING(36), allowNull: false },
        fileName: { type: DataTypes.STRING(255), allowNull: false },
        contentType: { type: DataTypes.STRING(100), allowNull: false },
        size: { type: DataTypes.INTEGER, allowNull: false },
        storageKey: { type: DataTypes.STRING(255), allowNull: false },
        role: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'file',
          validate: { isIn: [[...ATTACHMENT_ROLES]] },
        },
        position: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'message_attachments', modelName: 'MessageAttachment' },
    )
  }
}
