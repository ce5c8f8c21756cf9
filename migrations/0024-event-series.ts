import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Event series (name, summary, description, syncBreakouts, registration required, registration
// form; "Event series name: required, minimum 2 characters. Summary: required, maximum 280
// characters." and "The frequency between sessions must exceed the event duration").
//
// A series is a plan: its recurrence is the first session's wall-clock start in a time zone, a
// duration, and an RFC 5545 RRULE (without DTSTART) read in that zone's local time, so sessions keep
// their local time across daylight-saving changes. Its sessions are ordinary events (a room and an
// `events` row each) that point back at it with events.seriesId. Deleting a series removes this row
// only: the FK's SET NULL turns the sessions left into standalone events (the command archives the
// ones that had not started first, see app/lib/event-series/series-commands.server.ts).
const stamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('event_series', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'brands', key: 'id' },
      onDelete: 'CASCADE',
    },
    name: { type: DataTypes.STRING(255), allowNull: false },
    summary: { type: DataTypes.STRING(280), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    syncBreakouts: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    registrationRequired: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    registrationFormId: {
      type: DataTypes.STRING(36),
      allowNull: true,
      references: { model: 'form_definitions', key: 'id' },
      onDelete: 'SET NULL',
    },
    // The first session's start (UTC), the zone its wall-clock time is kept in, and each session's length.
    firstStartsAt: { type: DataTypes.DATE(3), allowNull: false },
    timeZone: { type: DataTypes.STRING(64), allowNull: false },
    durationMinutes: { type: DataTypes.INTEGER, allowNull: false },
    // e.g. FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;COUNT=10 (UNTIL is a local date's end, written as floating time).
    rrule: { type: DataTypes.STRING(255), allowNull: false },
    ...stamps(),
  })
  await qi.addIndex('event_series', ['brandId', 'firstStartsAt'], { name: 'event_series_by_brand' })

  await qi.addColumn('events', 'seriesId', {
    type: DataTypes.STRING(36),
    allowNull: true,
    references: { model: 'event_series', key: 'id' },
    onDelete: 'SET NULL',
  })
  await qi.addIndex('events', ['seriesId'], { name: 'events_series' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  // Dropping the column drops its index too (MariaDB refuses to drop an index its foreign key uses).
  await qi.removeColumn('events', 'seriesId')
  await qi.dropTable('event_series')
}
