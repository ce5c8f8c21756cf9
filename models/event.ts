import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'

/** Spec §4: "Events are either scripted (slots) or live." (the editor's schema offers these two). */
export type EventType = 'scripted' | 'live'

/**
 * What only an event has (spec §3 Event), one row per event room (migrations/0022-events.ts): the
 * room holds its link, name, description, banner, privacy (roomType), start, end and zone. Named
 * CommunityEvent so it never shadows the DOM's Event.
 */
export class CommunityEvent extends Model<InferAttributes<CommunityEvent>, InferCreationAttributes<CommunityEvent>> {
  declare roomId: string
  declare eventType: CreationOptional<EventType>
  declare registrationCutoffAt: CreationOptional<Date | null>
  declare registrationLimit: CreationOptional<number | null>
  declare feedVisible: CreationOptional<boolean>
  declare publicPosting: CreationOptional<boolean>
  declare lateJoinerWindowMinutes: CreationOptional<number | null>
  declare breakoutSize: CreationOptional<number | null>
  declare timerMinutes: CreationOptional<number | null>
  declare timerSeconds: CreationOptional<number | null>
  declare timerMuteOnExpiry: CreationOptional<boolean>
  declare timerEnforcement: CreationOptional<boolean>
  declare timerEnforcementMessage: CreationOptional<string | null>
  declare timerEncouragement: CreationOptional<boolean>
  declare timerEncouragementMessage: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    const flag = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue })
    const count = () => ({ type: DataTypes.INTEGER, allowNull: true })
    const message = () => ({ type: DataTypes.STRING(500), allowNull: true })
    CommunityEvent.init(
      {
        roomId: { type: DataTypes.STRING(36), primaryKey: true },
        eventType: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'live', validate: { isIn: [['scripted', 'live']] } },
        registrationCutoffAt: { type: DataTypes.DATE(3), allowNull: true },
        registrationLimit: count(),
        feedVisible: flag(true),
        publicPosting: flag(true),
        lateJoinerWindowMinutes: count(),
        breakoutSize: count(),
        timerMinutes: count(),
        timerSeconds: count(),
        timerMuteOnExpiry: flag(false),
        timerEnforcement: flag(false),
        timerEnforcementMessage: message(),
        timerEncouragement: flag(false),
        timerEncouragementMessage: message(),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'events', modelName: 'CommunityEvent' },
    )
  }
}

/** A scripted event's slot (spec §3 Slot): its time is minutes × 60 + seconds; position orders them from 0. */
export class EventSlot extends Model<InferAttributes<EventSlot>, InferCreationAttributes<EventSlot>> {
  declare id: CreationOptional<string>
  declare roomId: string
  declare position: number
  declare name: string
  declare minutes: CreationOptional<number>
  declare seconds: CreationOptional<number>
  declare breakoutRecordAudio: CreationOptional<boolean>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    EventSlot.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        position: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        minutes: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        seconds: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        breakoutRecordAudio: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'event_slots', modelName: 'EventSlot' },
    )
  }
}

/** Events and their slots, bound to the connection (models/index.ts calls this). */
export function initialiseEvents(sequelize: Sequelize) {
  CommunityEvent.initialise(sequelize)
  EventSlot.initialise(sequelize)
  CommunityEvent.hasMany(EventSlot, { foreignKey: 'roomId', as: 'slots' })
}
