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
 * An event series (migrations/0024-event-series.ts): what its sessions share
 * (name, summary, description, breakouts synced, registration and its form) and the recurrence
 * they were made from: the first start, its zone, the duration, and an RRULE read in that zone's
 * wall-clock time (app/lib/event-series/recurrence.ts). The sessions are events with this seriesId.
 */
export class EventSeries extends Model<InferAttributes<EventSeries>, InferCreationAttributes<EventSeries>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare name: string
  declare summary: string
  declare description: CreationOptional<string | null>
  declare syncBreakouts: CreationOptional<boolean>
  declare registrationRequired: CreationOptional<boolean>
  declare registrationFormId: CreationOptional<string | null>
  declare firstStartsAt: Date
  declare timeZone: string
  declare durationMinutes: number
  declare rrule: string
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    EventSeries.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        name: { type: DataTypes.STRING(255), allowNull: false },
        summary: { type: DataTypes.STRING(280), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: true },
        syncBreakouts: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        registrationRequired: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        registrationFormId: { type: DataTypes.STRING(36), allowNull: true },
        firstStartsAt: { type: DataTypes.DATE(3), allowNull: false },
        timeZone: { type: DataTypes.STRING(64), allowNull: false },
        durationMinutes: { type: DataTypes.INTEGER, allowNull: false },
        rrule: { type: DataTypes.STRING(255), allowNull: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'event_series', modelName: 'EventSeries' },
    )
  }
}
