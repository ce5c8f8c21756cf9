import { DataTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'

// Meeting transcripts (transcription, a meeting's isTranscribing): the final caption lines of a
// meeting whose host kept a transcript, one row a line, written by the media edge and read by the
// web app's transcript download. A meeting's lines go with it.
export async function up({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.createTable('meeting_transcript_lines', {
    id: { type: DataTypes.STRING(36), primaryKey: true, allowNull: false },
    meetingRoomId: {
      type: DataTypes.STRING(36),
      allowNull: false,
      references: { model: 'meeting_rooms', key: 'id' },
      onDelete: 'CASCADE',
    },
    peerId: { type: DataTypes.STRING(36), allowNull: false },
    userId: { type: DataTypes.STRING(64), allowNull: false },
    name: { type: DataTypes.STRING(255), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    spokenAt: { type: DataTypes.DATE(3), allowNull: false },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    updatedAt: { type: DataTypes.DATE, allowNull: false },
  })
  await qi.addIndex('meeting_transcript_lines', ['meetingRoomId', 'spokenAt'], {
    name: 'meeting_transcript_room_spoken',
  })
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  await qi.dropTable('meeting_transcript_lines')
}
