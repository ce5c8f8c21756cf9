// Calls to a host from a room's waiting room, and their states: the rows, their
// one public shape, and the only way a call ends: from `calling` to one final status, once. Both
// the media edge (the meeting's answer, decline, cancel and missed timer) and the web app (the JSON
// API, the call history) move calls through here, so a call answered on one side and cancelled
// on the other ends once, whichever comes first.
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize'
import { newId } from './ids'
import type { Room } from './room'

export const CALL_STATUSES = ['calling', 'answered', 'declined', 'cancelled', 'missed'] as const
export type CallStatus = (typeof CALL_STATUSES)[number]
export type CallEnd = Exclude<CallStatus, 'calling'>
/** The columns' sizes: the limits the edge and the API check first (CALL_LIMITS in media-edge/contract/protocol.ts). */
const CALL_MESSAGE_MAX = 500
const CALLER_NAME_MAX = 100

/** A call as the caller, the hosts and the API see it. */
export interface CallView {
  id: string
  roomId: string
  callerId: string
  callerName: string
  status: CallStatus
  message: string | null
  /** ISO times. */
  createdAt: string
  endedAt: string | null
}

export class RoomCall extends Model<InferAttributes<RoomCall>, InferCreationAttributes<RoomCall>> {
  declare id: CreationOptional<string>
  declare brandId: string
  declare roomId: string
  declare callerId: string
  declare callerName: string
  declare hostId: CreationOptional<string | null>
  declare status: CreationOptional<CallStatus>
  declare message: CreationOptional<string | null>
  declare answeredBy: CreationOptional<string | null>
  /** The meeting an answered call let the caller into. */
  declare meetingRoomId: CreationOptional<string | null>
  declare endedAt: CreationOptional<Date | null>
  /** When the absent host was told about this call (once per call). */
  declare hostNotifiedAt: CreationOptional<Date | null>
  declare room?: NonAttribute<Room>
  declare createdAt: CreationOptional<Date>
  declare updatedAt: CreationOptional<Date>

  static initialise(sequelize: Sequelize) {
    RoomCall.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true, defaultValue: newId },
        brandId: { type: DataTypes.STRING(36), allowNull: false },
        roomId: { type: DataTypes.STRING(36), allowNull: false },
        callerId: { type: DataTypes.STRING(64), allowNull: false },
        callerName: { type: DataTypes.STRING(CALLER_NAME_MAX), allowNull: false },
        hostId: { type: DataTypes.STRING(36), allowNull: true },
        status: {
          type: DataTypes.STRING(16),
          allowNull: false,
          defaultValue: 'calling',
          validate: { isIn: [[...CALL_STATUSES]] },
        },
        message: { type: DataTypes.STRING(CALL_MESSAGE_MAX), allowNull: true },
        answeredBy: { type: DataTypes.STRING(36), allowNull: true },
        meetingRoomId: { type: DataTypes.STRING(36), allowNull: true },
        endedAt: { type: DataTypes.DATE(3), allowNull: true },
        hostNotifiedAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: DataTypes.DATE,
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'calls', modelName: 'RoomCall' },
    )
  }
}

export function callView(row: RoomCall): CallView {
  return {
    id: row.id,
    roomId: row.roomId,
    callerId: row.callerId,
    callerName: row.callerName,
    status: row.status,
    message: row.message ?? null,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
  }
}

/**
 * Ends a call that is still ringing: one conditional update, so of two ends racing (the host
 * answers as the caller cancels, the missed timer fires as the host declines) exactly one wins.
 * Null when the call had already ended (or does not exist): the loser changes nothing.
 */
export async function endCall(
  id: string,
  status: CallEnd,
  details: { message?: string | null; answeredBy?: string | null; meetingRoomId?: string | null } = {},
  now = new Date(),
): Promise<RoomCall | null> {
  const [changed] = await RoomCall.update({ status, endedAt: now, ...details }, { where: { id, status: 'calling' } })
  return changed ? RoomCall.findByPk(id) : null
}

/**
 * How a room's door stands for a person. Its hosts and co-hosts always walk in. For others a room
 * with its waiting room on is `knock` (they call a host, locked or not: a locked room says so too);
 * a locked room without it is `locked` (nobody can let them in from outside); else `open`. Those
 * already in the meeting come back whatever the door (lobby.ts checks that at the edge).
 */
export type Door = 'open' | 'knock' | 'locked'

export function doorFor(
  room: { locked: boolean; waitingRoom: boolean },
  person: { isHost: boolean; isCoHost: boolean },
): Door {
  if (person.isHost || person.isCoHost) return 'open'
  if (room.waitingRoom) return 'knock'
  return room.locked ? 'locked' : 'open'
}

/**
 * A call to the room's hosts: the caller's call still ringing there if there is one (a second tab,
 * a reload, the API and the meeting alike ring once), else a new one. `created` says which.
 */
export async function ringHosts(
  room: { id: string; brandId: string; hostId: string | null },
  callerId: string,
  callerName: string,
) {
  const ringing = await RoomCall.findOne({ where: { roomId: room.id, callerId, status: 'calling' } })
  if (ringing) return { row: ringing, created: false }
  const row = await RoomCall.create({
    brandId: room.brandId,
    roomId: room.id,
    callerId,
    callerName: callerName.slice(0, CALLER_NAME_MAX),
    hostId: room.hostId,
  })
  return { row, created: true }
}

/** The calls still ringing in a room, oldest first: what its hosts see waiting. */
export function ringingCalls(roomId: string) {
  return RoomCall.findAll({ where: { roomId, status: 'calling' }, order: [['createdAt', 'ASC']] })
}

/** Whether a host let this person into this meeting (an answered call): they do not wait again in it. */
export async function admittedTo(meetingRoomId: string, callerId: string) {
  return (await RoomCall.count({ where: { meetingRoomId, callerId, status: 'answered' } })) > 0
}
