// The event series of a community (the list and each series' page): queries.
// Who may see what is the callers' guards' (the events page's access-community) and, for each
// session, the room rule (models/room-access.ts), as on the events page.
import { Op, type Transaction } from 'sequelize'
import { roomAccess } from '#models/room-access'
import type { PermissionSlug } from '#models/permissions'
import { CommunityEvent, EventSeries, Room, type Brand } from '#models/index'
import { ID_PATTERN } from '#models/ids'
import { privacyOf, type EventPrivacy } from '../events/event-rules'
import { partsOfRule } from './recurrence'

/** Who may create, edit and delete a community's series (create-event-series). */
export const MANAGE_SERIES: PermissionSlug = 'create-event-series'

export type SeriesRow = {
  id: string
  name: string
  summary: string
  timeZone: string
  nextStartsAt: string | null
  sessions: number
}

export type SessionRow = {
  id: string
  slug: string
  name: string
  startsAt: string | null
  endsAt: string | null
  status: 'active' | 'archived'
  privacy: EventPrivacy
  started: boolean
}

/** The series' sessions that still exist as events (active or archived), in order. */
export async function seriesSessions(seriesId: string, transaction?: Transaction): Promise<Room[]> {
  const rows = await CommunityEvent.findAll({ attributes: ['roomId'], where: { seriesId }, raw: true, transaction })
  if (!rows.length) return []
  return Room.findAll({
    where: {
      id: rows.map((row) => row.roomId),
      context: 'event',
      status: { [Op.in]: ['active', 'archived'] },
      deleted: { [Op.not]: true },
    },
    order: [['startsAt', 'ASC']],
    transaction,
  })
}

type Viewer = {
  brand: Pick<Brand, 'id' | 'topLevelRoomId' | 'announcementsRoomId' | 'publicAccess'>
  userId: string | null
  permissions: ReadonlySet<PermissionSlug>
}

/** Sessions a viewer is shown: all to those who manage series; to others the active ones the room rule lets them into (and premium ones, whose page says how to get in). */
function visibleTo(rooms: Room[], { brand, userId, permissions }: Viewer): Room[] {
  if (permissions.has(MANAGE_SERIES)) return rooms
  return rooms.filter((room) => {
    if (room.status !== 'active') return false
    const decision = roomAccess({ userId, hasCommunityAccess: permissions.has('access-community'), room, brand })
    return decision.ok || decision.reason === 'premiumEvent'
  })
}

const sessionRow =
  (now: Date) =>
  (room: Room): SessionRow => ({
    id: room.id,
    slug: room.slug,
    name: room.name ?? room.slug,
    startsAt: room.startsAt?.toISOString() ?? null,
    endsAt: room.endsAt?.toISOString() ?? null,
    status: room.status === 'archived' ? 'archived' : 'active',
    privacy: privacyOf(room.roomType),
    started: room.startsAt !== null && room.startsAt.getTime() <= now.getTime(),
  })

/** A community's series, the ones with a session to come first (soonest first), then the others by name. Two queries for the sessions of them all. */
export async function listSeries(viewer: Viewer, now = new Date()): Promise<SeriesRow[]> {
  const all = await EventSeries.findAll({ where: { brandId: viewer.brand.id }, order: [['name', 'ASC']] })
  const links = all.length
    ? await CommunityEvent.findAll({
        attributes: ['roomId', 'seriesId'],
        where: { seriesId: all.map((series) => series.id) },
        raw: true,
      })
    : []
  const rooms = links.length
    ? await Room.findAll({
        where: {
          id: links.map((link) => link.roomId),
          context: 'event',
          status: 'active',
          deleted: { [Op.not]: true },
        },
        order: [['startsAt', 'ASC']],
      })
    : []
  const seriesOfRoom = new Map(links.map((link) => [link.roomId, link.seriesId]))
  const rows = all.map((series) => {
    const sessions = visibleTo(
      rooms.filter((room) => seriesOfRoom.get(room.id) === series.id),
      viewer,
    )
    const next = sessions.find((room) => room.endsAt && room.endsAt.getTime() >= now.getTime())
    return {
      id: series.id,
      name: series.name,
      summary: series.summary,
      timeZone: series.timeZone,
      nextStartsAt: next?.startsAt?.toISOString() ?? null,
      sessions: sessions.length,
    }
  })
  const upcoming = rows.filter((row) => row.nextStartsAt).sort((a, b) => a.nextStartsAt!.localeCompare(b.nextStartsAt!))
  return [...upcoming, ...rows.filter((row) => !row.nextStartsAt)]
}

/** One series of this community by its id, or null. */
export async function findSeries(brandId: string, id: string | undefined): Promise<EventSeries | null> {
  if (!id || !ID_PATTERN.test(id)) return null
  return EventSeries.findOne({ where: { id, brandId } })
}

/**
 * The registration import's eventSeries column: the sessions of
 * the community's series of that name (case and outer spaces aside) that are active and not over,
 * which the row's person is registered for too; null when the community has no such series.
 */
export async function seriesEventsFor(
  brandId: string,
  name: string,
  now = new Date(),
): Promise<Array<{ id: string }> | null> {
  const wanted = name.trim().toLowerCase()
  const series = (await EventSeries.findAll({ attributes: ['id', 'name'], where: { brandId } })).find(
    (row) => row.name.trim().toLowerCase() === wanted,
  )
  if (!series) return null
  const sessions = await seriesSessions(series.id)
  return sessions
    .filter((room) => room.status === 'active' && (!room.endsAt || room.endsAt > now))
    .map((room) => ({ id: room.id }))
}

/** A series as the detail page and the API show it, with the sessions this viewer may see. */
export async function seriesDetail(series: EventSeries, viewer: Viewer, now = new Date()) {
  const sessions = visibleTo(await seriesSessions(series.id), viewer).map(sessionRow(now))
  return {
    id: series.id,
    name: series.name,
    summary: series.summary,
    description: series.description,
    registrationRequired: series.registrationRequired,
    registrationFormId: series.registrationFormId,
    firstStartsAt: series.firstStartsAt.toISOString(),
    timeZone: series.timeZone,
    durationMinutes: series.durationMinutes,
    rrule: series.rrule,
    recurrence: partsOfRule(series.rrule),
    sessions,
  }
}
export type SeriesDetail = Awaited<ReturnType<typeof seriesDetail>>
