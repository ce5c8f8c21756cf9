// The JSON API's event member calls (docs/api.md#events-and-registration): importing one registration as the Members
// tab's CSV import does (the same rules, the same community membership, the same approval hook),
// and reading an event's participant. The events page's guard, then create-events for the
// import; a participant is read by those who manage events and by the person themself.
import { Op } from 'sequelize'
import { MeetingPeer, MeetingRoom, Room } from '#models/index'
import { RECORD_ID } from '../forms/record-id'
import { inCommunity, json, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireCommunityPage } from '../http/guards.server'
import { hit, type Limit } from '../platform/rate-limit.server'
import { eventParticipants } from '../events/event-exports.server'
import { importOneRegistration } from '../events/event-member-import.server'
import { limitImportConfirmations } from '../events/import-confirmations.server'
import { MANAGE_EVENTS, findEditableEvent } from '../events/events.server'
import { ImportUserBody, ParticipantId, ParticipantQuery } from './events-api.schema'

/** One call imports one person and may send the confirmation mail: counted per manager. */
export const API_IMPORTS_LIMIT: Limit = { name: 'event-api-imports', max: 200, windowSeconds: 10 * 60 }

/** An event of the community by its link or its id; archived ones too (their people can still be managed). */
async function eventOf(brandId: string, room: string) {
  const bySlug = await findEditableEvent(brandId, room)
  if (bySlug) return bySlug
  if (!RECORD_ID.test(room)) return null
  return Room.findOne({
    where: {
      id: room,
      brandId,
      context: 'event',
      status: { [Op.in]: ['active', 'archived'] },
      deleted: { [Op.not]: true },
    },
  })
}

/** POST /registration/importUser with brandId, room, fullName, emailAddress, phoneNumber, status, coHost, eventSeries. */
export async function importUserCall(args: ApiArgs) {
  const body = await readBody(args.request, ImportUserBody)
  const { brand, user, permissions } = await requireCommunityPage(await inCommunity(args, body.brandId), 'events')
  if (!user || !permissions.has(MANAGE_EVENTS)) throw refuse(403, 'events:errors.noPermission')
  const room = await eventOf(brand.id, body.room)
  if (!room) throw refuse(404, 'eventMembers:api.eventNotFound')
  if (!(await hit(API_IMPORTS_LIMIT, user.id)).allowed) throw refuse(429, 'api:errors.tooManyRequests')
  // One person who may be mailed a confirmation, counted against the manager's and the installation's caps.
  const capped = await limitImportConfirmations(user.id, 1)
  if (capped) throw refuse(429, capped.message, { minutes: capped.minutes })
  const row = await importOneRegistration(
    brand,
    room,
    {
      fullName: body.fullName ?? '',
      emailAddress: body.emailAddress ?? '',
      phoneNumber: body.phoneNumber ?? '',
      status: body.status ?? '',
      coHost: body.coHost,
      eventSeries: body.eventSeries ?? '',
    },
    user.id,
  )
  // Someone with an account of their own is asked by mail; they are registered only if they accept.
  if (row.outcome === 'invited') return json({ outcome: row.outcome, registration: null }, 202)
  if (row.outcome === 'refused' || !row.registration)
    throw refuse(400, row.reasons[0] ?? 'eventMembers:import.reasons.notSaved', { series: row.series ?? '' })
  const { id, roomId, userId, status, coHost, source } = row.registration
  return json(
    { outcome: row.outcome, registration: { id, roomId, userId, status, coHost, source } },
    row.outcome === 'imported' ? 201 : 200,
  )
}

/** The participant, to those who manage events in the event's community and to the person themself. */
async function participantFor(args: ApiArgs, room: Room, userId: string) {
  const { user, permissions } = await requireCommunityPage(await inCommunity(args, room.brandId), 'events')
  if (!user || (!permissions.has(MANAGE_EVENTS) && user.id !== userId)) throw refuse(403, 'events:errors.noPermission')
  const [participant] = await eventParticipants(room, userId)
  if (!participant) throw refuse(404, 'eventMembers:api.participantNotFound')
  return participant
}

const eventRoom = (id: string) => Room.findOne({ where: { id, context: 'event', deleted: { [Op.not]: true } } })

/** GET /event-participants/{id}: {id} is the participant's first presence (a meeting peer) in the event. */
export async function participantCall(args: ApiArgs) {
  const id = ParticipantId.safeParse(args.params.id)
  const peer = id.success
    ? await MeetingPeer.findByPk(id.data, { attributes: ['id', 'meetingRoomId', 'userId'] })
    : null
  const meeting = peer
    ? await MeetingRoom.findByPk(peer.meetingRoomId, { attributes: ['id', 'roomId', 'parentId'] })
    : null
  const room = meeting ? await eventRoom(meeting.roomId) : null
  if (!peer || !room) throw refuse(404, 'eventMembers:api.participantNotFound')
  return participantFor(args, room, peer.userId)
}

/** GET /event-participants?event=&user=: that person in that event. */
export async function participantByQueryCall(args: ApiArgs) {
  const query = readQuery(args.request, ParticipantQuery)
  const room = await eventRoom(query.event)
  if (!room) throw refuse(404, 'eventMembers:api.eventNotFound')
  return participantFor(args, room, query.user)
}
