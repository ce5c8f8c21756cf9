import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Events and their slots. An event is a room in the event context (its link, name, description,
// banner, privacy as the room type, start and end in UTC with the zone it was planned in:
// rooms.startsAt, endsAt, timeZone), plus one `events` row for what only events have, and its
// scripted slots in order. Registration forms, surveys, participants and series come later as
// tables of their own that point at events.roomId (a series adds a nullable events.seriesId), so
// nothing here has to move for them.
const stamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
})
const flag = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue })
const count = () => ({ type: DataTypes.INTEGER, allowNull: true })

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('events', {
    roomId: {
      type: DataTypes.STRING(36),
      primaryKey: true,
      allowNull: false,
      references: { model: 'rooms', key: 'id' },
      onDelete: 'CASCADE',
    },
    // 'scripted' (slots, run by the edge's slot timer) or 'live'.
    eventType: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'live' },
    // When registration closes (3 days before to 1 hour after the start); null: at the start.
    registrationCutoffAt: { type: DataTypes.DATE(3), allowNull: true },
    // Null: no limit.
    registrationLimit: count(),
    feedVisible: flag(true),
    publicPosting: flag(true),
    // Minutes after the start that latecomers may still join; null: any time.
    lateJoinerWindowMinutes: count(),
    breakoutSize: count(),
    // The talking timer: a speaking turn, what happens when it runs out, its messages.
    timerMinutes: count(),
    timerSeconds: count(),
    timerMuteOnExpiry: flag(false),
    timerEnforcement: flag(false),
    timerEnforcementMessage: { type: DataTypes.STRING(500), allowNull: true },
    timerEncouragement: flag(false),
    timerEncouragementMessage: { type: DataTypes.STRING(500), allowNull: true },
    ...stamps(),
  })

  await qi.createTable('event_slots', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    roomId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'events', key: 'roomId' },
      onDelete: 'CASCADE',
    },
    position: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(100), allowNull: false },
    minutes: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    seconds: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    breakoutRecordAudio: flag(false),
    ...stamps(),
  })
  await qi.addIndex('event_slots', ['roomId', 'position'], { unique: true, name: 'event_slots_order' })
  // The events page lists a community's events by start.
  await qi.addIndex('rooms', ['brandId', 'context', 'startsAt'], { name: 'rooms_events_by_start' })

  // Event rooms made before this table (the demo's Welcome Call) become events with the defaults.
  await qi.sequelize.query(
    `INSERT INTO events (roomId, eventType, feedVisible, publicPosting, timerMuteOnExpiry, timerEnforcement, timerEncouragement, createdAt, updatedAt)
     SELECT id, 'live', 1, 1, 0, 0, 0, createdAt, updatedAt FROM rooms WHERE context = 'event'`,
  )
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeIndex('rooms', 'rooms_events_by_start')
  await qi.dropTable('event_slots')
  await qi.dropTable('events')
}
