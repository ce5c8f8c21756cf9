import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { jsonColumn } from './json'
import { newId } from './ids'

/**
 * Mail and SMS on their way out. Without SMTP or an SMS provider configured a message stays here
 * as status `dev`, and the developer console shows it with the code or link it carries.
 */
export class OutboxMessage extends Model<InferAttributes<OutboxMessage>, InferCreationAttributes<OutboxMessage>> {
  declare id: CreationOptional<string>
  declare channel: 'mail' | 'sms'
  declare recipient: string
  declare subject: CreationOptional<string | null>
  declare text: string
  declare html: CreationOptional<string | null>
  declare meta: CreationOptional<{ code?: string; link?: string; [key: string]: unknown }>
  declare status: CreationOptional<'pending' | 'sent' | 'failed' | 'dev'>
  declare attempts: CreationOptional<number>
  declare lastError: CreationOptional<string | null>
  declare sentAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    OutboxMessage.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        channel: { type: DataTypes.STRING, allowNull: false, validate: { isIn: [['mail', 'sms']] } },
        recipient: { type: DataTypes.STRING, allowNull: false },
        subject: { type: DataTypes.STRING, allowNull: true },
        text: { type: DataTypes.TEXT, allowNull: false },
        html: { type: DataTypes.TEXT, allowNull: true },
        meta: jsonColumn('meta', { defaults: () => ({}) }),
        status: { type: DataTypes.STRING, allowNull: false, defaultValue: 'pending' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastError: { type: DataTypes.TEXT, allowNull: true },
        sentAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'outbox_messages', modelName: 'OutboxMessage' },
    )
  }
}
