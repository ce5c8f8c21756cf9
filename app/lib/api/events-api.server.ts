// The JSON API's event calls (docs/api.md#events-and-registration), each the page it mirrors as JSON:
// - GET and POST /events, GET, PUT and DELETE /events/{id}: the events page's list and guard, the
//   new-event form, the event's page, the editor's details tab and the list's Archive button, with
//   their schemas, commands and messages. `{id}` is the event's room id, as every event call names it.
// - POST /registration/importUser: one registration as the Members tab's CSV import does (the same
//   rules, the same community membership, the same approval hook); GET /event-participants: an
//   event's participant. The events page's guard, then create-events for the import; a participant is
//   read by those who manage events and by the person themself.
import { Op } from 'sequelize'
import { z } from 'zod'
import { checkAccess } from '#models/access'
import { MeetingPeer, MeetingRoom, Room, type Brand, type User } from '#models/index'
import type { PermissionSlug } from '#models/permissions'
import { RECORD_ID } from '../forms/record-id'
import { ApiRefusal, inCommunity, json, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { communityPermissions, requireCommunity, requireCommunityPage, requireUser } from '../http/guards.server'
import { viewer } from '../http/session.server'
import type { TranslationKey } from '../i18n/i18n'
import { hit, type Limit } from '../platform/rate-limit.server'
import { createEvent, saveDetails, type EditorOutcome } from '../events/event-editor.server'
import { eventParticipants } from '../events/event-exports.server'
import { importOneRegistration } from '../events/event-member-import.server'
import { eventUrl } from '../events/event-rules'
import { eventShown } from '../events/event-view.server'
import { EventDetailsSchema, newEventSchema } from '../events/event.schema'
import { limitImportConfirmations } from '../events/import-confirmations.server'
import { MANAGE_EVENTS, findEditableEvent, listEvents, setEventArchived } from '../events/events.server'
import { brandQuery } from './api.schema'
import { EventId, EventListQuery, ImportUserBody, ParticipantId, ParticipantQuery } from './events-api.schema'

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

// ── the events themselves ───────────────────────────────────────────────────────────────────────

const NO_EVENT: TranslationKey = 'eventMembers:api.eventNotFound'

/** The event {id} names: one the editor may open (active or archived, not deleted), or 404. */
async function eventById(args: ApiArgs): Promise<Room> {
  const id = EventId.safeParse(args.params.id)
  const room = id.success
    ? await Room.findOne({
        where: {
          id: id.data,
          context: 'event',
          status: { [Op.in]: ['active', 'archived'] },
          deleted: { [Op.not]: true },
        },
      })
    : null
  if (!room) throw refuse(404, NO_EVENT)
  return room
}

/**
 * The editor's guard in the event's community: the events page's (access-community), then
 * create-events, refused with the pages' "You do not have permission to create events in this community."
 */
async function manager(args: ApiArgs, brandId: string) {
  const access = await requireCommunityPage(await inCommunity(args, brandId), 'events')
  if (!access.user || !access.permissions.has(MANAGE_EVENTS)) throw refuse(403, 'events:errors.noPermission')
  return { ...access, user: access.user }
}

/** A form's empty field is no value, as the pages read their forms: "" and null are left out. */
const filled = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '' && value !== null))

/** The body's fields through the page's schema: 400 with the first problem's message (the page's words). */
function readFields<S extends z.ZodTypeAny>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(filled(fields))
  if (parsed.success) return parsed.data
  const message = parsed.error.issues[0]?.message ?? ''
  throw refuse(400, (/^events:errors\.\w+$/.test(message) ? message : 'events:errors.badRequest') as TranslationKey)
}

/** A save's outcome: the room, or the page's refusal (a field's message, 400; "Your changes were not saved", 500). */
function saved(outcome: EditorOutcome<Room>): Room {
  if (outcome.kind === 'saved') return outcome.value
  if (outcome.kind === 'failed') throw refuse(500, 'common:flash.notSaved')
  const message = Object.values(outcome.fieldErrors).flat()[0]
  throw refuse(400, (message ?? 'events:errors.badRequest') as TranslationKey)
}

type Viewer = { brand: Brand; user: User | null; permissions: ReadonlySet<PermissionSlug> }

/**
 * The event as its page shows it to this requester, and whether they may see it at all: the room rule
 * (models/room-access.ts, through checkAccess, as the page and the meeting ask it), and those who manage
 * events also see an event whose meeting refuses them (without a way in). An archived event has no
 * page: nobody sees it here (those who manage events find it on the list's archived tab).
 */
async function eventView(room: Room, { brand, user, permissions }: Viewer) {
  const mayManage = Boolean(user) && permissions.has(MANAGE_EVENTS)
  const access = await checkAccess({ brand, userId: user?.id ?? null, room: { slug: room.slug, kind: 'event' } })
  const itself = access.room?.id === room.id
  const visible = itself && (access.ok || mayManage)
  const shown = await eventShown({ brand, room, userId: user?.id ?? null, admitted: itself && access.ok, mayManage })
  const view = {
    ...shown.event,
    id: room.id,
    brandId: room.brandId,
    status: room.status as 'active' | 'archived',
    url: eventUrl(brand.slug, room.slug),
    joinUrl: shown.joinUrl,
    mayManage,
    registration: shown.registration,
  }
  return { visible, view }
}

/** Who asks, in the event's community, as the event's page reads them (no community page guard: its room rule decides). */
async function viewerIn(args: ApiArgs, brandId: string): Promise<Viewer> {
  const guard = await inCommunity(args, brandId)
  const brand = await requireCommunity(guard)
  const { user } = await viewer(args.request, args.context)
  return { brand, user, permissions: await communityPermissions(guard, brand) }
}

/** GET /events with brandId, tab (upcoming, past or archived) and page: the events page's tab, 100 a page. */
export async function listEventsCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, EventListQuery)
  const { brand, user, permissions } = await requireCommunityPage(await inCommunity(args, query.brandId), 'events')
  const page = query.page ?? 0
  const listing = await listEvents({
    brand,
    userId: user?.id ?? null,
    permissions,
    tab: query.tab ?? 'upcoming',
    page,
  })
  return { tab: listing.tab, page, counts: listing.counts, events: listing.rows, mayManage: listing.mayManage }
}

/** POST /events with brandId and the new-event form's fields: 201 with the event (its maker hosts it). */
export async function createEventCall(args: ApiArgs) {
  await requireUser(args)
  const { brandId, ...fields } = await readBody(args.request, z.object(brandQuery).passthrough())
  const { brand, user, permissions } = await manager(args, brandId)
  const values = readFields(newEventSchema(), fields)
  const room = saved(await createEvent({ brand, creator: user, values }))
  return json({ event: (await eventView(room, { brand, user, permissions })).view }, 201)
}

/** GET /events/{id}: the event as its page shows it to the requester; 404 to anyone its page refuses. */
export async function getEventCall(args: ApiArgs) {
  await requireUser(args)
  const room = await eventById(args)
  // An event of a community that is gone is no event either.
  const asker = await viewerIn(args, room.brandId).catch((thrown: unknown) => {
    throw thrown instanceof Response || thrown instanceof ApiRefusal ? refuse(404, NO_EVENT) : thrown
  })
  const { visible, view } = await eventView(room, asker)
  if (!visible) throw refuse(404, NO_EVENT)
  return { event: view }
}

/** PUT /events/{id} with the details tab's fields (name, description): the event as it now is. */
export async function updateEventCall(args: ApiArgs) {
  await requireUser(args)
  const room = await eventById(args)
  const { brand, user, permissions } = await manager(args, room.brandId)
  const body = await readBody(args.request, z.object({}).passthrough())
  const values = readFields(EventDetailsSchema, body)
  const updated = saved(await saveDetails(room, values))
  return { event: (await eventView(updated, { brand, user, permissions })).view }
}

/** DELETE /events/{id}: archived, as the list's Archive button does (restored from the page's archived tab); 204. */
export async function archiveEventCall(args: ApiArgs) {
  await requireUser(args)
  const room = await eventById(args)
  const { brand } = await manager(args, room.brandId)
  // Already archived: the page's "That event is not here any more."
  if (!(await setEventArchived(brand.id, room.id, true))) throw refuse(404, 'events:errors.notFound')
  return new Response(null, { status: 204 })
}
