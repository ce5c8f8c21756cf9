// Calls through the web app (docs/api.md#calls): the JSON API's start, cancel, answer, decline and
// miss, and the lists (GET /calls and the sidebar's Call history). A command ends a call through
// models/call.ts, so it ends once whether the meeting (the edge) or the API comes first, and tells
// the meeting at once (publishCallUpdated): the caller waiting and the hosts in it see the change.
import { Op, type WhereOptions } from 'sequelize'
import { callView, doorFor, endCall, ringHosts, type CallEnd, type CallView } from '#models/call'
import { containsText } from '../admin/search.server'
import { MeetingRoom, Room, RoomCall } from '#models/index'
import { publishCallUpdated } from '../rooms/edge-publisher.server'
import { notifyAbsentHost } from './host-notice.server'
import type { CallFilter } from './calls.schema'

export const CALLS_PER_PAGE = 20

/** A call in a list: the call, its room, and whether I made it (else it rang one of my rooms). */
export interface CallEntry extends CallView {
  roomSlug: string
  roomName: string
  madeByMe: boolean
}

type Refusal = {
  ok: false
  status: 403 | 404 | 409
  error: 'notWaiting' | 'roomLocked' | 'notFound' | 'forbidden' | 'callEnded'
}
export type CallOutcome = { ok: true; call: CallView } | Refusal
const refused = (status: Refusal['status'], error: Refusal['error']): Refusal => ({ ok: false, status, error })

/** Someone's place in a room: from the room guard (models/access.ts meetingRights). */
export interface RoomRights {
  isHost: boolean
  isCoHost: boolean
}

/** Calls I made, and calls to the rooms I host; newest first, paged from 0. */
export async function listCalls(
  userId: string,
  options: { filter: CallFilter; query?: string; page?: number; brandId?: string },
) {
  const page = options.page ?? 0
  const mine: Record<CallFilter, WhereOptions<RoomCall>> = {
    all: { [Op.or]: [{ callerId: userId }, { hostId: userId }] },
    made: { callerId: userId },
    received: { hostId: userId },
    missed: { hostId: userId, status: 'missed' },
  }
  const query = options.query?.trim()
  const where: WhereOptions<RoomCall> = {
    [Op.and]: [
      mine[options.filter],
      ...(options.brandId ? [{ brandId: options.brandId }] : []),
      ...(query ? [{ [Op.or]: [{ callerName: containsText(query) }, { '$room.name$': containsText(query) }] }] : []),
    ],
  }
  const { rows, count } = await RoomCall.findAndCountAll({
    where,
    include: [{ model: Room, as: 'room', attributes: ['slug', 'name'], required: true, where: { deleted: false } }],
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: CALLS_PER_PAGE,
    offset: page * CALLS_PER_PAGE,
  })
  return {
    rows: rows.map((row): CallEntry => ({
      ...callView(row),
      roomSlug: row.room!.slug,
      roomName: row.room!.name || row.room!.slug,
      madeByMe: row.callerId === userId,
    })),
    total: count,
    page,
    pages: Math.ceil(count / CALLS_PER_PAGE),
    perPage: CALLS_PER_PAGE,
  }
}

/** A call to the room's hosts, by someone the room holds back (the same rule as the edge's door). */
export async function startCall(
  room: Room,
  caller: { id: string; name: string },
  rights: RoomRights,
): Promise<CallOutcome> {
  const door = doorFor(room, rights)
  // A locked room without its waiting room has nobody to answer from outside.
  if (door !== 'knock') return refused(409, door === 'locked' ? 'roomLocked' : 'notWaiting')
  const { row, created } = await ringHosts(room, caller.id, caller.name || 'Guest')
  const call = callView(row)
  if (created) {
    publishCallUpdated(call)
    await notifyAbsentHost(call.id)
  }
  return { ok: true, call }
}

/** The call, with its room: for the API to run the room guard on before anything changes. */
export function findCall(callId: string) {
  return RoomCall.findByPk(callId, {
    include: [{ model: Room, as: 'room', attributes: ['id', 'slug', 'brandId', 'hostId', 'coHosts'] }],
  })
}

/** Only its caller hangs up. */
export function cancelCall(call: RoomCall, userId: string): Promise<CallOutcome> {
  if (call.callerId !== userId) return Promise.resolve(refused(403, 'forbidden'))
  return settle(call, 'cancelled')
}

/** The room's host or a co-host lets the caller into the meeting running now (if one is). */
export async function answerCall(call: RoomCall, userId: string, rights: RoomRights): Promise<CallOutcome> {
  if (!rights.isHost && !rights.isCoHost) return refused(403, 'forbidden')
  const meeting = await MeetingRoom.findOne({
    where: { roomId: call.roomId, type: 'main', endedAt: null },
    order: [['startedAt', 'DESC']],
    attributes: ['id'],
  })
  return settle(call, 'answered', { answeredBy: userId, meetingRoomId: meeting?.id ?? null })
}

export function declineCall(
  call: RoomCall,
  userId: string,
  rights: RoomRights,
  message: string | undefined,
): Promise<CallOutcome> {
  if (!rights.isHost && !rights.isCoHost) return Promise.resolve(refused(403, 'forbidden'))
  return settle(call, 'declined', { answeredBy: userId, message: message?.trim() || null })
}

/** Nobody answered: the caller's own client (its ringing time ran out) or one of the room's hosts says so. */
export function missCall(call: RoomCall, userId: string, rights: RoomRights): Promise<CallOutcome> {
  if (call.callerId !== userId && !rights.isHost && !rights.isCoHost) return Promise.resolve(refused(403, 'forbidden'))
  return settle(call, 'missed')
}

async function settle(
  call: RoomCall,
  status: CallEnd,
  details: Parameters<typeof endCall>[2] = {},
): Promise<CallOutcome> {
  const ended = await endCall(call.id, status, details)
  if (!ended) return refused(409, 'callEnded')
  const view = callView(ended)
  publishCallUpdated(view)
  return { ok: true, call: view }
}
