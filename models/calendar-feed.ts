import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/**
 * A person's secret calendar address (migrations/0036-calendar-feeds.ts), at most one each: only its
 * SHA-256 is kept, and the prefix its owner sees to tell which address their calendars hold.
 */
export class CalendarFeed extends Model<InferAttributes<CalendarFeed>, InferCreationAttributes<CalendarFeed>> {
  declare id: CreationOptional<string>
  declare userId: string
  declare prefix: string
  declare secretHash: string
  /** When a calendar last read the address (noted at most every few minutes). */
  declare lastReadAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    CalendarFeed.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        userId: { type: DataTypes.STRING(36), allowNull: false, unique: true },
        prefix: { type: DataTypes.STRING(24), allowNull: false },
        secretHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        lastReadAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'calendar_feeds', modelName: 'CalendarFeed' },
    )
  }
}
