// What an event's page (/{brand}/events/{room}) and GET /api/events/{id} show of an event to one person, once its
// guard let them see it: the event, the link to its meeting for them, and their registration.
import type { EventType } from '#models/event'
import type { Brand, Room } from '#models/index'
import { privacyOf } from './event-rules'
import { eventDetails, eventSlots } from './events.server'
import { registerPath } from './registration-access.server'
import { registrationCutoff } from './registration-rules'
import { registrationState } from './registration.server'

export async function eventShown({
  brand,
  room,
  userId,
  admitted,
  mayManage,
}: {
  brand: Pick<Brand, 'slug'>
  room: Room
  userId: string | null
  /** Whether the room rule lets them into its meeting (those who manage events see an event that refuses them). */
  admitted: boolean
  mayManage: boolean
}) {
  const [details, slots] = await Promise.all([eventDetails(room), eventSlots(room)])
  const registration = details.registrationEnabled ? await registrationState(room, details, userId) : null
  const runsIt = mayManage || (userId !== null && (room.hostId === userId || (room.coHosts ?? []).includes(userId)))
  const ended = room.endsAt !== null && room.endsAt.getTime() < Date.now()
  return {
    details,
    event: {
      slug: room.slug,
      name: room.name ?? room.slug,
      description: room.description,
      bannerImage: room.bannerImage,
      startsAt: room.startsAt?.toISOString() ?? null,
      endsAt: room.endsAt?.toISOString() ?? null,
      timeZone: room.timeZone || 'UTC',
      privacy: privacyOf(room.roomType),
      eventType: details.eventType as EventType,
      slots: details.eventType === 'scripted' ? slots : [],
      ended,
    },
    // The meeting is where the event happens: open to whom the room rule admits, until it is over. A registration
    // event's meeting is for its approved registrants (and those who run it).
    joinUrl:
      admitted && !ended && (!registration || runsIt || registration.status === 'approved')
        ? `/${brand.slug}/${room.slug}`
        : null,
    registration: registration
      ? {
          status: registration.status,
          closed: registration.closed,
          url: registerPath(brand.slug, room.slug),
          cutoff: registrationCutoff(details, room)?.toISOString() ?? null,
        }
      : null,
  }
}
