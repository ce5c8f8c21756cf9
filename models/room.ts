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
import { SLUG_RULE } from './slugs'

export const ROOM_CONTEXTS = ['personal', 'group', 'event'] as const
export type RoomContext = (typeof ROOM_CONTEXTS)[number]

/** What the event column holds for rooms in the event context (the editor fills the rest later). */
export type RoomEvent = {
  postSurvey?: boolean
  postSurveyForm?: unknown
  eventProps?: { breakoutStarted?: boolean; [key: string]: unknown }
  [key: string]: unknown
}

/**
 * A room: a personal room, a group or an event (its context). Meeting-time state that lives only
 * in a browser (connectionStatus, connectionAttempts, currentSubtitle) is not stored; roomUrl,
 * hostUrl and hostPath are derived from the brand and room slugs.
 */
export class Room extends Model<InferAttributes<Room>, InferCreationAttributes<Room>> {
  declare id: CreationOptional<string>
  declare slug: string
  declare brandId: string
  declare parentRoomId: CreationOptional<string | null>
  declare hostId: CreationOptional<string | null>
  declare profileId: CreationOptional<string | null>
  declare status: CreationOptional<'active' | 'pending' | 'archived' | 'deleted'>
  declare type: CreationOptional<'personal' | 'breakout' | 'meeting'>
  declare context: CreationOptional<RoomContext>
  declare roomType: CreationOptional<string>
  declare access: CreationOptional<'locked' | 'pinLocked' | 'open'>
  declare coHosts: CreationOptional<string[]>
  declare members: CreationOptional<string[]>
  declare name: CreationOptional<string | null>
  declare description: CreationOptional<string | null>
  declare image: CreationOptional<string | null>
  declare bannerImage: CreationOptional<string | null>
  declare hash: CreationOptional<string | null>
  declare open: CreationOptional<boolean>
  declare locked: CreationOptional<boolean>
  /** Knock: newcomers who are not host or co-host wait to be let in (off by default). */
  declare waitingRoom: CreationOptional<boolean>
  declare membersOnly: CreationOptional<boolean>
  declare passcode: CreationOptional<string | null>
  declare reserved: CreationOptional<boolean>
  declare verified: CreationOptional<boolean>
  declare deleted: CreationOptional<boolean>
  declare source: CreationOptional<string>
  declare redirectOnEndUrl: CreationOptional<string | null>
  declare videoEnabled: CreationOptional<boolean>
  declare event: CreationOptional<RoomEvent | null>
  declare liveState: CreationOptional<string>
  declare liveUrl: CreationOptional<string | null>
  declare viewerCount: CreationOptional<number>
  declare meetingRoomId: CreationOptional<string | null>
  declare sfuEndpoint: CreationOptional<string | null>
  declare recorderTriggered: CreationOptional<boolean>
  declare activeSpeakerId: CreationOptional<string | null>
  declare primarySpeakerId: CreationOptional<string | null>
  declare screenShareId: CreationOptional<string | null>
  declare videoShareId: CreationOptional<string | null>
  declare isTranscribing: CreationOptional<boolean>
  declare isClosedCaptioning: CreationOptional<boolean>
  declare authRequired: CreationOptional<boolean>
  declare passwordRequired: CreationOptional<boolean>
  declare startMutedPolicy: CreationOptional<string | null>
  declare maxReceiverVideoQuality: CreationOptional<number>
  declare preferredReceiverVideoQuality: CreationOptional<number>
  declare hostAccess: CreationOptional<boolean>
  declare ready: CreationOptional<boolean>
  declare available: CreationOptional<boolean>
  declare enabledInDirectory: CreationOptional<boolean>
  declare visibleInDirectory: CreationOptional<'everyone' | 'members' | 'none'>
  declare pinnedInDirectory: CreationOptional<boolean>
  declare allowMembershipRequests: CreationOptional<boolean>
  declare newMemberModerationEnabled: CreationOptional<boolean>
  declare newMemberFormEnabled: CreationOptional<boolean>
  declare newMemberFormDefinition: CreationOptional<unknown>
  declare breakoutPreview: CreationOptional<boolean>
  declare breakoutPreviewTimer: CreationOptional<number | null>
  declare replyApproval: CreationOptional<boolean>
  declare startsAt: CreationOptional<Date | null>
  declare endsAt: CreationOptional<Date | null>
  declare timeZone: CreationOptional<string | null>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    const optionalText = () => ({ type: DataTypes.STRING, allowNull: true })
    const flag = (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue })
    const choice = (values: readonly string[], defaultValue: string) => ({
      type: DataTypes.STRING,
      allowNull: false,
      defaultValue,
      validate: { isIn: [values as string[]] },
    })
    Room.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        slug: { type: DataTypes.STRING(64), allowNull: false, validate: { is: SLUG_RULE } },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        parentRoomId: optionalText(),
        hostId: optionalText(),
        profileId: optionalText(),
        status: choice(['active', 'pending', 'archived', 'deleted'], 'active'),
        type: choice(['personal', 'breakout', 'meeting'], 'personal'),
        context: choice(ROOM_CONTEXTS, 'personal'),
        roomType: choice(
          ['open', 'closed', 'public', 'private', 'premium', 'locked', 'meeting', 'staff', 'exclusive'],
          'public',
        ),
        access: choice(['locked', 'pinLocked', 'open'], 'locked'),
        coHosts: jsonColumn('coHosts', { defaults: () => [] as string[] }),
        members: jsonColumn('members', { defaults: () => [] as string[] }),
        name: optionalText(),
        description: { type: DataTypes.TEXT, allowNull: true },
        image: optionalText(),
        bannerImage: optionalText(),
        hash: optionalText(),
        open: flag(false),
        locked: flag(false),
        waitingRoom: flag(false),
        membersOnly: flag(false),
        passcode: optionalText(),
        reserved: flag(false),
        verified: flag(false),
        deleted: flag(false),
        source: { type: DataTypes.STRING, allowNull: false, defaultValue: 'hearth' },
        redirectOnEndUrl: optionalText(),
        videoEnabled: flag(true),
        event: jsonColumn('event'),
        liveState: choice(['idle', 'joining', 'joined', 'pausing', 'stopping'], 'idle'),
        liveUrl: optionalText(),
        viewerCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        meetingRoomId: optionalText(),
        sfuEndpoint: optionalText(),
        recorderTriggered: flag(false),
        activeSpeakerId: optionalText(),
        primarySpeakerId: optionalText(),
        screenShareId: optionalText(),
        videoShareId: optionalText(),
        isTranscribing: flag(false),
        isClosedCaptioning: flag(false),
        authRequired: flag(false),
        passwordRequired: flag(false),
        startMutedPolicy: optionalText(),
        maxReceiverVideoQuality: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1080 },
        preferredReceiverVideoQuality: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1080 },
        hostAccess: flag(true),
        ready: flag(true),
        available: flag(true),
        enabledInDirectory: flag(false),
        visibleInDirectory: choice(['everyone', 'members', 'none'], 'everyone'),
        pinnedInDirectory: flag(false),
        allowMembershipRequests: flag(true),
        newMemberModerationEnabled: flag(false),
        newMemberFormEnabled: flag(false),
        newMemberFormDefinition: jsonColumn('newMemberFormDefinition'),
        breakoutPreview: flag(false),
        breakoutPreviewTimer: { type: DataTypes.INTEGER, allowNull: true },
        replyApproval: flag(false),
        startsAt: { type: DataTypes.DATE, allowNull: true },
        endsAt: { type: DataTypes.DATE, allowNull: true },
        timeZone: optionalText(),
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'rooms', modelName: 'Room' },
    )
  }
}
