import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'
import { jsonColumn } from './json'

/** Events are either scripted (slots) or live (the editor's schema offers these two). */
export type EventType = 'scripted' | 'live'

/**
 * What only an event has, one row per event room (migrations/0022-events.ts): the
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
  declare registrationEnabled: CreationOptional<boolean>
  declare registrationModeration: CreationOptional<boolean>
  declare registrationFormId: CreationOptional<string | null>
  declare preSurveyFormId: CreationOptional<string | null>
  declare postSurveyFormId: CreationOptional<string | null>
  declare matchPrimaryField: CreationOptional<string | null>
  declare matchSecondaryField: CreationOptional<string | null>
  declare predefinedGroups: CreationOptional<string[][] | null>
  /** The series this event is a session of (migrations/0024-event-series.ts); null for a standalone event. */
  declare seriesId: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    const flag = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue })
    const count = () => ({ type: DataTypes.INTEGER, allowNull: true })
    const message = () => ({ type: DataTypes.STRING(500), allowNull: true })
    CommunityEvent.init(
      {
        roomId: { type: DataTypes.STRING(36), primaryKey: true },
        eventType: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'live',
          validate: { isIn: [['scripted', 'live']] },
        },
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
        registrationEnabled: flag(false),
        registrationModeration: flag(false),
        registrationFormId: { type: DataTypes.STRING(36), allowNull: true },
        preSurveyFormId: { type: DataTypes.STRING(36), allowNull: true },
        postSurveyFormId: { type: DataTypes.STRING(36), allowNull: true },
        matchPrimaryField: { type: DataTypes.STRING(64), allowNull: true },
        matchSecondaryField: { type: DataTypes.STRING(64), allowNull: true },
        predefinedGroups: jsonColumn('predefinedGroups'),
        seriesId: { type: DataTypes.STRING(36), allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'events', modelName: 'CommunityEvent' },
    )
  }
}

/** A scripted event's slot: its time is minutes × 60 + seconds; position orders them from 0. */
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

/** A registration's states (as the registration import's status column: approved or pending). */
export const REGISTRATION_STATUSES = ['approved', 'pending'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/**
 * One person's place at one event: approved or pending, made by the registration form or an
 * admin's import, with their answers (a form submission) and the auto-join code mailed to them,
 * kept only as its hash (the code must be given, valid and not expired).
 */
export class EventRegistration extends Model<
  InferAttributes<EventRegistration>,
  InferCreationAttributes<EventRegistration>
> {
  declare id: CreationOptional<string>
  declare roomId: string
  declare userId: string
  declare status: CreationOptional<RegistrationStatus>
  declare coHost: CreationOptional<boolean>
  declare source: CreationOptional<'form' | 'import'>
  declare submissionId: CreationOptional<string | null>
  declare autoJoinCodeHash: CreationOptional<string | null>
  declare autoJoinExpiresAt: CreationOptional<Date | null>
  /** When the person accepted the community's terms and privacy policy, registering on the form. */
  declare termsAcceptedAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    EventRegistration.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        userId: { type: DataTypes.STRING(36), allowNull: false },
        status: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'approved',
          validate: { isIn: [[...REGISTRATION_STATUSES]] },
        },
        coHost: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        source: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'form',
          validate: { isIn: [['form', 'import']] },
        },
        submissionId: { type: DataTypes.STRING(36), allowNull: true },
        autoJoinCodeHash: { type: DataTypes.STRING(64), allowNull: true },
        autoJoinExpiresAt: { type: DataTypes.DATE, allowNull: true },
        termsAcceptedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'event_registrations', modelName: 'EventRegistration' },
    )
  }
}

/** Events, their slots and registrations, bound to the connection (models/index.ts calls this). */
export function initialiseEvents(sequelize: Sequelize) {
  CommunityEvent.initialise(sequelize)
  EventSlot.initialise(sequelize)
  EventRegistration.initialise(sequelize)
  CommunityEvent.hasMany(EventSlot, { foreignKey: 'roomId', as: 'slots' })
}
