// What the calendar feeds list (docs/user-guide.md#your-account, docs/api.md#calendar-feeds):
//
// - a person's feed: the events they hold an approved place at, from 30 days back on, in the
//   communities they may still see them in. An event stays while the room rule (models/room-access.ts,
//   as the event page asks it) admits them and the community is open; it drops out when they were
//   taken out of the community (their membership archived, reserved again or declined), even though an
//   approved registrant outside any community may keep seeing the event page. A called-off event
//   (archived, or a series session removed) stays in the window as CANCELLED, so calendars strike it.
//
// Every entry has a UID that does not change while the entry exists, so a calendar that reads the feed
// again updates what it holds instead of adding a copy: the entry is the person's registration's (the UID of the
// confirmation mail's invitation too).
import { Op } from 'sequelize'
import { permissionsHeld } from '#models/access'
import { Brand, EventRegistration, Membership, Room, type User } from '#models/index'
import { roomAccess } from '#models/room-access'
import { eventPageUrl } from '../events/registration-mail.server'
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n'
import { translatorFor } from '../i18n/i18n.server'
import { env } from '../platform/env.server'
import { calendarFile, type CalendarEvent } from './ics'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/** How far back a person's feed reaches: last month's events stay for reference. */
export const PAST_WINDOW_DAYS = 30
/** Entries in one feed at most (soonest first): a calendar needs no more, and a feed stays one small answer. */
export const FEED_MAX_ENTRIES = 500

const host = () => new URL(env.PUBLIC_URL).host

/** Rooms that end at or after `from`; one with no end lasts an hour (as its calendar entry does). */
const endingFrom = (from: Date) => ({
  [Op.or]: [
    { endsAt: { [Op.gte]: from } },
    { endsAt: null, startsAt: { [Op.gte]: new Date(from.getTime() - HOUR_MS) } },
  ],
})

const isCalledOff = (room: Room) => room.status !== 'active' || room.deleted === true

/** The person's entries: approved registrations, from PAST_WINDOW_DAYS back, that they may still see. */
export async function personalEntries(userId: string, now = new Date()): Promise<CalendarEvent[]> {
  const registrations = await EventRegistration.findAll({
    attributes: ['id', 'roomId'],
    where: { userId, status: 'approved' },
    raw: true,
  })
  if (!registrations.length) return []
  const rooms = await Room.findAll({
    where: {
      id: registrations.map((registration) => registration.roomId),
      context: 'event',
      status: { [Op.in]: ['active', 'archived', 'deleted'] },
      startsAt: { [Op.ne]: null },
      ...endingFrom(new Date(now.getTime() - PAST_WINDOW_DAYS * DAY_MS)),
    },
    order: [['startsAt', 'ASC']],
    limit: FEED_MAX_ENTRIES,
  })
  const brandIds = [...new Set(rooms.map((room) => room.brandId))]
  if (!brandIds.length) return []
  const [brands, memberships] = await Promise.all([
    Brand.findAll({ where: { id: brandIds, status: 'active' } }),
    Membership.findAll({ attributes: ['brandId', 'status'], where: { userId, brandId: brandIds }, raw: true }),
  ])
  // A community counts while the person is not out of it: an active member, or never one (a registrant
  // from outside, whom the room rule admits as the event's member).
  const leftOut = new Set(memberships.filter((row) => row.status !== 'active').map((row) => row.brandId))
  const open = brands.filter((brand) => !leftOut.has(brand.id))
  const standing = new Map(
    await Promise.all(
      open.map(async (brand) => [brand.id, (await permissionsHeld(userId, brand.id)).has('access-community')] as const),
    ),
  )
  const brandOf = new Map(open.map((brand) => [brand.id, brand]))
  const registrationOf = new Map(registrations.map((registration) => [registration.roomId, registration.id]))
  const entries: CalendarEvent[] = []
  for (const room of rooms) {
    const brand = brandOf.get(room.brandId)
    if (!brand) continue
    const hasCommunityAccess = standing.get(brand.id) ?? false
    if (!roomAccess({ userId, hasCommunityAccess, room, brand }).ok) continue
    const calledOff = isCalledOff(room)
    entries.push({
      uid: `${registrationOf.get(room.id)}@${host()}`,
      title: room.name || room.slug,
      description: room.description,
      startsAt: room.startsAt!,
      endsAt: room.endsAt,
      // A called-off event has no page to open any more.
      url: calledOff ? null : eventPageUrl(brand.slug, room.slug),
      status: calledOff ? 'CANCELLED' : 'CONFIRMED',
      lastModified: room.updatedAt,
    })
  }
  return entries
}

/** The person's feed as an .ics file, named in their language. */
export async function personalCalendar(
  user: Pick<User, 'id' | 'preferredLanguage'>,
  now = new Date(),
): Promise<string> {
  const t = translatorFor(isLanguage(user.preferredLanguage) ? user.preferredLanguage : DEFAULT_LANGUAGE)
  return calendarFile(await personalEntries(user.id, now), {
    productId: 'hearth/calendar',
    method: 'PUBLISH',
    name: t('account:calendar.feedName', { app: t('common:appName') }),
  })
}
