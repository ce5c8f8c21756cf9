// The JSON API's calls (docs/api.md#calls): each runs the room guard of the call's room (the same
// check as its meeting page) and the rule of who may do it (calls.server.ts), and answers the call.
import { meetingRights } from '#models/access'
import type { TranslationKey } from '../i18n/i18n'
import { Room } from '#models/index'
import { inCommunity, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireRoom, requireUser } from '../http/guards.server'
import { CallDecline, CallId, CallStart, CallsQuery } from '../calls/calls.schema'
import {
  answerCall,
  cancelCall,
  declineCall,
  findCall,
  listCalls,
  missCall,
  startCall,
  type CallOutcome,
} from '../calls/calls.server'

const REFUSALS: Record<Exclude<CallOutcome, { ok: true }>['error'], TranslationKey> = {
  notWaiting: 'api:calls.notWaiting',
  roomLocked: 'api:calls.roomLocked',
  notFound: 'api:calls.notFound',
  forbidden: 'api:errors.forbidden',
  callEnded: 'api:calls.callEnded',
}

function answered(outcome: CallOutcome) {
  if (!outcome.ok) throw refuse(outcome.status, REFUSALS[outcome.error])
  return { call: outcome.call }
}

/** The room through its community's room guard, and my rights in it: as on the room's page. */
async function roomAccess(args: ApiArgs, room: Pick<Room, 'slug' | 'brandId'>) {
  const access = await requireRoom(await inCommunity(args, room.brandId), room.slug)
  return { ...access, rights: meetingRights(access.user?.id ?? null, access.room, access.permissions) }
}

/** The call a body names, with my rights in its room; an unknown call is a 404. */
async function callAccess(args: ApiArgs, callId: string) {
  const call = await findCall(callId)
  if (!call?.room) throw refuse(404, 'api:calls.notFound')
  return { call, ...(await roomAccess(args, call.room)) }
}

/** GET /calls with filter (all, made, received, missed), query and page (from 0); optionally brandId. */
export async function listCallsCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { filter, query, page, brandId } = readQuery(args.request, CallsQuery)
  return listCalls(user.id, { filter, query, page, brandId })
}

/** POST /calls/start with roomId: call the room's hosts from its waiting room. */
export async function startCallCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { roomId } = await readBody(args.request, CallStart)
  const room = await Room.findOne({ where: { id: roomId, deleted: false }, attributes: ['slug', 'brandId'] })
  if (!room) throw refuse(404, 'api:calls.roomNotFound')
  const access = await roomAccess(args, room)
  return answered(await startCall(access.room, { id: user.id, name: user.name ?? '' }, access.rights))
}

export async function cancelCallCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { call } = await callAccess(args, (await readBody(args.request, CallId)).callId)
  return answered(await cancelCall(call, user.id))
}

export async function answerCallCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { call, rights } = await callAccess(args, (await readBody(args.request, CallId)).callId)
  return answered(await answerCall(call, user.id, rights))
}

export async function declineCallCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { callId, message } = await readBody(args.request, CallDecline)
  const { call, rights } = await callAccess(args, callId)
  return answered(await declineCall(call, user.id, rights, message))
}

export async function missCallCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { call, rights } = await callAccess(args, (await readBody(args.request, CallId)).callId)
  return answered(await missCall(call, user.id, rights))
}
