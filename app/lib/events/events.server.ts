// The events of a community (the events page's tabs, archive and restore):
// queries and commands on event rooms and their `events` rows. Access is decided by the callers'
// guards and by the room rule (models/room-access.ts), never here.
import { Op } from 'sequelize'
import { roomAccess } from '#models/room-access'
import type { PermissionSlug } from '#models/permissions'
import { CommunityEvent, EventSlot, Room, type Brand } from '#models/index'
import { eventListTab, privacyOf, type EventListTab, type EventPrivacy } from './event-rules'

/** Who may manage (create, edit, archive, restore) a community's events: the role catalogue's create-events. */
export const MANAGE_EVENTS: PermissionSlug = 'create-events'

/** Rooms the events page and editor read: the community's event rooms that are not deleted. */
const eventRooms = (brandId: string) => ({
  brandId,
  context: 'event' as const,
  status: { [Op.in]: ['active', 'archived'] },
  deleted: { [Op.not]: true },
})

export type EventRow = {
  id: string
  slug: string
  name: string
  startsAt: string | null
  endsAt: string | null
  timeZone: string
  privacy: EventPrivacy
  tab: EventListTab
}

function rowOf(room: Room, now: Date): EventRow {
  return {
    id: room.id,
    slug: room.slug,
    name: room.name ?? room.slug,
    startsAt: room.startsAt ? room.startsAt.toISOString() : null,
    endsAt: room.endsAt ? room.endsAt.toISOString() : null,
    timeZone: room.timeZone || 'UTC',
    privacy: privacyOf(room.roomType),
    tab: eventListTab(room, now),
  }
}

/** Rows shown at most on one tab (one page of it); the counts are of them all. */
export const EVENTS_PER_TAB = 100

/**
 * One tab of the events page with every tab's count. Those who manage events see them all; anyone
 * else sees the events the room rule would let them into, and premium ones too (their page says
 * how to get in), but never a private event that does not list them, nor the archived tab.
 * Upcoming runs soonest first, past and archived latest first. The page shows a tab's first
 * EVENTS_PER_TAB rows; the JSON API pages on (`page` from 0).
 */
export async function listEvents(input: {
  brand: Pick<Brand, 'id' | 'topLevelRoomId' | 'announcementsRoomId' | 'publicAccess'>
  userId: string | null
  permissions: ReadonlySet<PermissionSlug>
  tab: EventListTab
  page?: number
  now?: Date
}) {
  const { brand, userId, permissions, page = 0, now = new Date() } = input
  const mayManage = permissions.has(MANAGE_EVENTS)
  const tab = input.tab === 'archived' && !mayManage ? 'upcoming' : input.tab
  const rooms = await Room.findAll({
    where: eventRooms(brand.id),
    order: [
      ['startsAt', 'ASC'],
      ['name', 'ASC'],
    ],
  })
  const visible = rooms.filter((room) => {
    if (mayManage) return true
    if (room.status !== 'active') return false
    const decision = roomAccess({ userId, hasCommunityAccess: permissions.has('access-community'), room, brand })
    return decision.ok || decision.reason === 'premiumEvent'
  })
  const rows = visible.map((room) => rowOf(room, now))
  const counts: Record<EventListTab, number> = { upcoming: 0, past: 0, archived: 0 }
  for (const row of rows) counts[row.tab] += 1
  const shown = rows.filter((row) => row.tab === tab)
  if (tab !== 'upcoming') shown.reverse()
  return { tab, counts, rows: shown.slice(page * EVENTS_PER_TAB, (page + 1) * EVENTS_PER_TAB), mayManage }
}

/** An event the editor may open: active or archived, by its link or its id. */
export function findEditableEvent(brandId: string, slug: string | undefined): Promise<Room | null> {
  const link = (slug ?? '').trim().toLowerCase()
  if (!link || link.length > 64) return Promise.resolve(null)
  return Room.findOne({ where: { ...eventRooms(brandId), slug: link } })
}

/** The event's own row to read; for an event room that has none yet, the defaults (unsaved: a page that only reads writes nothing). */
export async function eventDetails(room: Pick<Room, 'id'>): Promise<CommunityEvent> {
  return (await CommunityEvent.findByPk(room.id)) ?? CommunityEvent.build({ roomId: room.id })
}

/** The event's own row to change, made with the defaults when the room has none yet. */
export async function eventRowToSave(room: Pick<Room, 'id'>): Promise<CommunityEvent> {
  const [event] = await CommunityEvent.findOrCreate({ where: { roomId: room.id }, defaults: { roomId: room.id } })
  return event
}

export type SlotView = { id: string; name: string; minutes: number; seconds: number }

export async function eventSlots(room: Pick<Room, 'id'>): Promise<SlotView[]> {
  const slots = await EventSlot.findAll({ where: { roomId: room.id }, order: [['position', 'ASC']] })
  return slots.map(({ id, name, minutes, seconds }) => ({ id, name, minutes, seconds }))
}

/** Archive or restore an event of this community; null when it has no such event (or it already is). */
export async function setEventArchived(brandId: string, roomId: string, archived: boolean): Promise<Room | null> {
  const room = await Room.findOne({
    where: { ...eventRooms(brandId), id: roomId, status: archived ? 'active' : 'archived' },
  })
  if (!room) return null
  await room.update({ status: archived ? 'archived' : 'active' })
  return room
}
