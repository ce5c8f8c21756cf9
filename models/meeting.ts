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

export const MEETING_ROOM_TYPES = ['main', 'waiting', 'breakout'] as const
export type MeetingRoomType = (typeof MEETING_ROOM_TYPES)[number]
export const MEETING_PEER_STATUSES = ['joining', 'browsing', 'participating', 'joined'] as const
export type MeetingPeerStatus = (typeof MEETING_PEER_STATUSES)[number]
export const MEETING_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const
export type MeetingLogLevel = (typeof MEETING_LOG_LEVELS)[number]

/** One live meeting of a room; the media edge opens and ends it. */
export class MeetingRoom extends Model<InferAttributes<MeetingRoom>, InferCreationAttributes<MeetingRoom>> {
  declare id: CreationOptional<string>
  declare type: CreationOptional<MeetingRoomType>
  declare parentId: CreationOptional<string | null>
  declare roomId: string
  declare roomUrl: CreationOptional<string | null>
  declare sfuHostname: CreationOptional<string | null>
  declare name: CreationOptional<string | null>
  declare startedAt: Date
  declare endedAt: CreationOptional<Date | null>
  declare endedActionKey: CreationOptional<string | null>
  declare endedActionValue: CreationOptional<string | null>
  declare managed: CreationOptional<boolean>
  declare managerUserIds: CreationOptional<string[]>
  /** userId → talk time in milliseconds. */
  declare peerTimerDistributionMap: CreationOptional<Record<string, number>>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

/** A person's presence in a meeting room, from join to leave. */
export class MeetingPeer extends Model<InferAttributes<MeetingPeer>, InferCreationAttributes<MeetingPeer>> {
  declare id: CreationOptional<string>
  declare meetingRoomId: string
  declare moveToMeetingRoomId: CreationOptional<string | null>
  declare socketId: CreationOptional<string | null>
  declare userId: string
  declare userMeta: CreationOptional<{ name?: string; avatar?: string | null }>
  declare status: CreationOptional<MeetingPeerStatus>
  declare joinedAt: Date
  declare enteredAt: CreationOptional<Date | null>
  declare leftAt: CreationOptional<Date | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

/** What happened in a meeting, for hosts and operators. */
export class MeetingLog extends Model<InferAttributes<MeetingLog>, InferCreationAttributes<MeetingLog>> {
  declare id: CreationOptional<string>
  declare meetingRoomId: string
  declare dateTime: CreationOptional<Date>
  declare level: CreationOptional<MeetingLogLevel>
  /** The operators' English sentence. */
  declare message: string
  /** The same line for the meeting's hosts (media-edge/contract/meeting-log.ts); null before migration 0033. */
  declare event: CreationOptional<string | null>
  declare actor: CreationOptional<string | null>
  declare subject: CreationOptional<string | null>
  declare detail: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

/** In-meeting chat, stored so a reconnecting peer gets the conversation back. */
export class MeetingChatMessage extends Model<
  InferAttributes<MeetingChatMessage>,
  InferCreationAttributes<MeetingChatMessage>
> {
  declare id: CreationOptional<string>
  declare meetingRoomId: string
  declare peerId: string
  declare userId: string
  declare name: CreationOptional<string | null>
  declare text: string
  declare sentAt: Date
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

/** A final caption line of a meeting whose host kept a transcript (migrations/0026-meeting-transcripts.ts). */
export class MeetingTranscriptLine extends Model<
  InferAttributes<MeetingTranscriptLine>,
  InferCreationAttributes<MeetingTranscriptLine>
> {
  declare id: CreationOptional<string>
  declare meetingRoomId: string
  declare peerId: string
  declare userId: string
  declare name: string
  declare text: string
  declare spokenAt: Date
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>
}

export function initialiseMeetings(sequelize: Sequelize) {
  // Fresh objects per attribute: Sequelize mutates the definitions it is given.
  const key = () => ({ type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId })
  const ref = (allowNull = false) => ({ type: DataTypes.STRING(36), allowNull })
  const optionalText = () => ({ type: DataTypes.STRING, allowNull: true })
  const when = (allowNull = false) => ({ type: DataTypes.DATE(3), allowNull })
  const choice = (values: readonly string[], defaultValue: string) => ({
    type: DataTypes.STRING,
    allowNull: false,
    defaultValue,
    validate: { isIn: [values as string[]] },
  })
  const timestamps = () => ({ createdAt: DataTypes.DATE, updatedAt: DataTypes.DATE })

  MeetingRoom.init(
    {
      id: key(),
      type: choice(MEETING_ROOM_TYPES, 'main'),
      parentId: ref(true),
      roomId: ref(),
      roomUrl: optionalText(),
      sfuHostname: optionalText(),
      name: optionalText(),
      startedAt: when(),
      endedAt: when(true),
      endedActionKey: optionalText(),
      endedActionValue: optionalText(),
      managed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      managerUserIds: jsonColumn('managerUserIds', { defaults: () => [] as string[] }),
      peerTimerDistributionMap: jsonColumn('peerTimerDistributionMap', {
        defaults: () => ({}) as Record<string, number>,
      }),
      ...timestamps(),
    },
    { sequelize, tableName: 'meeting_rooms', modelName: 'MeetingRoom' },
  )
  MeetingPeer.init(
    {
      id: key(),
      meetingRoomId: ref(),
      moveToMeetingRoomId: ref(true),
      socketId: optionalText(),
      userId: { type: DataTypes.STRING(64), allowNull: false },
      userMeta: jsonColumn('userMeta', { defaults: () => ({}) }),
      status: choice(MEETING_PEER_STATUSES, 'joining'),
      joinedAt: when(),
      enteredAt: when(true),
      leftAt: when(true),
      ...timestamps(),
    },
    { sequelize, tableName: 'meeting_peers', modelName: 'MeetingPeer' },
  )
  MeetingLog.init(
    {
      id: key(),
      meetingRoomId: ref(),
      dateTime: { type: DataTypes.DATE(3), allowNull: false, defaultValue: DataTypes.NOW },
      level: choice(MEETING_LOG_LEVELS, 'info'),
      message: { type: DataTypes.TEXT, allowNull: false },
      event: { type: DataTypes.STRING(40), allowNull: true },
      actor: { type: DataTypes.STRING(255), allowNull: true },
      subject: { type: DataTypes.STRING(255), allowNull: true },
      detail: { type: DataTypes.STRING(255), allowNull: true },
      ...timestamps(),
    },
    { sequelize, tableName: 'meeting_logs', modelName: 'MeetingLog' },
  )
  MeetingChatMessage.init(
    {
      id: key(),
      meetingRoomId: ref(),
      peerId: { type: DataTypes.STRING(36), allowNull: false },
      userId: { type: DataTypes.STRING(64), allowNull: false },
      name: optionalText(),
      text: { type: DataTypes.TEXT, allowNull: false },
      sentAt: when(),
      ...timestamps(),
    },
    { sequelize, tableName: 'meeting_chat_messages', modelName: 'MeetingChatMessage' },
  )

  MeetingTranscriptLine.init(
    {
      id: key(),
      meetingRoomId: ref(),
      peerId: { type: DataTypes.STRING(36), allowNull: false },
      userId: { type: DataTypes.STRING(64), allowNull: false },
      name: { type: DataTypes.STRING, allowNull: false },
      text: { type: DataTypes.TEXT, allowNull: false },
      spokenAt: when(),
      ...timestamps(),
    },
    { sequelize, tableName: 'meeting_transcript_lines', modelName: 'MeetingTranscriptLine' },
  )

  MeetingRoom.hasMany(MeetingPeer, { foreignKey: 'meetingRoomId', as: 'peers' })
  MeetingPeer.belongsTo(MeetingRoom, { foreignKey: 'meetingRoomId', as: 'meetingRoom' })
  MeetingRoom.belongsTo(MeetingRoom, { foreignKey: 'parentId', as: 'parent' })
}
