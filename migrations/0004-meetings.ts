import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// The media edge's records of live meetings. Fresh objects per column: Sequelize mutates attribute
// definitions, so two columns must never share one object.
const id = () => ({ type: DataTypes.STRING(36), primaryKey: true, allowNull: false })
const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL' = 'CASCADE', allowNull = false) => ({
  type: DataTypes.STRING(36),
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
})
const text = (length = 255) => ({ type: DataTypes.STRING(length), allowNull: true })
const when = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull })
const timestamps = () => ({ createdAt: when(), updatedAt: when() })

export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  // One row per live meeting of a room: created at the first join, endedAt set when the last
  // connected peer leaves. An edge that takes over a room resumes the row still open.
  await qi.createTable('meeting_rooms', {
    id: id(),
    type: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'main' },
    parentId: ref('meeting_rooms', 'SET NULL', true),
    roomId: ref('rooms'),
    roomUrl: text(1024),
    // The edge hosting the meeting (its public URL), so operators can tell which edge served it.
    sfuHostname: text(1024),
    name: text(),
    startedAt: when(),
    endedAt: when(true),
    endedActionKey: text(64),
    endedActionValue: text(1024),
    managed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    managerUserIds: { type: DataTypes.JSON, allowNull: true },
    peerTimerDistributionMap: { type: DataTypes.JSON, allowNull: true },
    ...timestamps(),
  })
  await qi.addIndex('meeting_rooms', ['roomId', 'endedAt'], { name: 'meeting_rooms_room_ended' })

  await qi.createTable('meeting_peers', {
    id: id(),
    meetingRoomId: ref('meeting_rooms'),
    moveToMeetingRoomId: ref('meeting_rooms', 'SET NULL', true),
    socketId: text(64),
    // Not a foreign key: guests carry `guest:` ids that name no user row.
    userId: { type: DataTypes.STRING(64), allowNull: false },
    userMeta: { type: DataTypes.JSON, allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'joining' },
    joinedAt: when(),
    enteredAt: when(true),
    leftAt: when(true),
    ...timestamps(),
  })
  await qi.addIndex('meeting_peers', ['meetingRoomId', 'leftAt'], { name: 'meeting_peers_room_left' })
  await qi.addIndex('meeting_peers', ['userId'], { name: 'meeting_peers_user' })

  await qi.createTable('meeting_logs', {
    id: id(),
    meetingRoomId: ref('meeting_rooms'),
    dateTime: when(),
    level: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'info' },
    message: { type: DataTypes.TEXT, allowNull: false },
    ...timestamps(),
  })
  await qi.addIndex('meeting_logs', ['meetingRoomId', 'dateTime'], { name: 'meeting_logs_room_time' })

  await qi.createTable('meeting_chat_messages', {
    id: id(),
    meetingRoomId: ref('meeting_rooms'),
    peerId: { type: DataTypes.STRING(36), allowNull: false },
    userId: { type: DataTypes.STRING(64), allowNull: false },
    name: text(),
    text: { type: DataTypes.TEXT, allowNull: false },
    sentAt: when(),
    ...timestamps(),
  })
  await qi.addIndex('meeting_chat_messages', ['meetingRoomId', 'sentAt'], { name: 'meeting_chat_room_sent' })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  for (const table of ['meeting_chat_messages', 'meeting_logs', 'meeting_peers', 'meeting_rooms'])
    await qi.dropTable(table)
}
