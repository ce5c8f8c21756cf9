import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Calls to a host from a room's waiting room (a call is calling, answered, declined with an
// optional message, cancelled or missed; docs/api.md#calls). One row per call: who called (a
// member's id or a guest's `guest:` id, with the name they gave), which room, its status and the
// decline message. An answered call also names the meeting it let the caller into: the edge admits
// that person to that meeting again after a reload or reconnect, and only to that one (the room's
// next meeting starts with a closed door again).
//
// rooms.waitingRoom: the host's "waiting room on by default" (knock) setting; off by default, so
// no room changes behaviour until its host asks for it.
const stamps = () => ({
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
})

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('calls', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    brandId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'brands', key: 'id' },
      onDelete: 'CASCADE',
    },
    roomId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'rooms', key: 'id' },
      onDelete: 'CASCADE',
    },
    // A member's user id or a guest's `guest:<id>`: no foreign key, guests have no user row.
    callerId: { type: DataTypes.STRING(64), allowNull: false },
    callerName: { type: DataTypes.STRING(100), allowNull: false },
    // The room's host when the call was made: whose call history it shows in.
    hostId: { type: DataTypes.STRING(36), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'calling' },
    message: { type: DataTypes.STRING(500), allowNull: true },
    answeredBy: { type: DataTypes.STRING(36), allowNull: true },
    meetingRoomId: { type: DataTypes.STRING(36), allowNull: true },
    endedAt: { type: DataTypes.DATE(3), allowNull: true },
    // When the absent host was sent a link about this call: once per call.
    hostNotifiedAt: { type: DataTypes.DATE(3), allowNull: true },
    ...stamps(),
  })
  await qi.addIndex('calls', ['roomId', 'status'], { name: 'calls_by_room_status' })
  await qi.addIndex('calls', ['callerId', 'createdAt'], { name: 'calls_by_caller' })
  await qi.addIndex('calls', ['hostId', 'createdAt'], { name: 'calls_by_host' })
  await qi.addColumn('rooms', 'waitingRoom', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.removeColumn('rooms', 'waitingRoom')
  await qi.dropTable('calls')
}
