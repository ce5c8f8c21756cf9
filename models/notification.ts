import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'
import {
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_KINDS,
  NOTIFICATION_SCOPES,
  type NotificationFrequency,
  type NotificationKind,
  type NotificationScope,
} from './notification-kinds'

export {
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_KINDS,
  NOTIFICATION_SCOPES,
  type NotificationFrequency,
  type NotificationKind,
  type NotificationScope,
} from './notification-kinds'

export type NotificationDelivery = 'live' | 'daily' | 'none'

export class Notification extends Model<InferAttributes<Notification>, InferCreationAttributes<Notification>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare recipientId: string
  declare actorId: CreationOptional<string | null>
  declare kind: NotificationKind
  declare detail: CreationOptional<string | null>
  declare postId: CreationOptional<string | null>
  declare roomId: CreationOptional<string | null>
  declare readAt: CreationOptional<Date | null>
  declare delivery: CreationOptional<NotificationDelivery>
  declare mailedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    Notification.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        recipientId: { type: DataTypes.STRING(36), allowNull: false },
        actorId: { type: DataTypes.STRING(36), allowNull: true },
        kind: { type: DataTypes.STRING(32), allowNull: false, validate: { isIn: [[...NOTIFICATION_KINDS]] } },
        detail: { type: DataTypes.STRING(16), allowNull: true },
        postId: { type: DataTypes.STRING(36), allowNull: true },
        roomId: { type: DataTypes.STRING(36), allowNull: true },
        readAt: { type: DataTypes.DATE(3), allowNull: true },
        delivery: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'none' },
        mailedAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'notifications', modelName: 'Notification' },
    )
  }
}

/** A member's notification setting in a community (roomId null) or for one room (roomId, userId). */
export class NotificationSetting extends Model<
  InferAttributes<NotificationSetting>,
  InferCreationAttributes<NotificationSetting>
> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare userId: string
  declare roomId: CreationOptional<string | null>
  declare frequency: CreationOptional<NotificationFrequency>
  declare scope: CreationOptional<NotificationScope>
  declare lastDigestAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    NotificationSetting.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        roomId: { type: DataTypes.STRING(36), allowNull: true },
        frequency: {
          type: DataTypes.STRING(8),
          allowNull: false,
          defaultValue: 'live',
          validate: { isIn: [[...NOTIFICATION_FREQUENCIES]] },
        },
        scope: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'posts',
          validate: { isIn: [[...NOTIFICATION_SCOPES]] },
        },
        lastDigestAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE(3),
        updatedAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'notification_settings', modelName: 'NotificationSetting' },
    )
  }
}
