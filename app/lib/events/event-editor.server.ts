// The event editor's commands (docs/admin-guide.md#the-event-editor): a new event (its room, its host, its
// events row, all or nothing) and one save per tab. The forms were parsed by the schemas already;
// what only the server can judge (the banner's bytes, a free link) is judged here.
import { UniqueConstraintError, type CreationAttributes, type Transaction } from 'sequelize'
import { CommunityEvent, EventSlot, Role, RoleGrant, Room, type Brand, type User } from '#models/index'
import { isAvailableRoomSlug } from '#models/slugs'
import { bannerFromForm, removeBanner } from '../groups/group-banners.server'
import { suggestRoomLink } from '../members/room-link.server'
import { logger } from '../platform/logger.server'
import { eventSlugFromName } from './event-rules'
import type {
  EventAccessValues,
  EventCompositionValues,
  EventDetailsValues,
  EventScheduleValues,
  NewEventValues,
} from './event.schema'
import { eventRowToSave } from './events.server'

export type EditorOutcome<T> =
  { kind: 'saved'; value: T } | { kind: 'invalid'; fieldErrors: Record<string, string[]> } | { kind: 'failed' }

/** The banner checked by its bytes ("Banner must be an image file."), as the events' own messages. */
async function storedBanner(file: File | undefined) {
  const banner = await bannerFromForm(file)
  if (banner.ok) return banner
  const error =
    banner.error === 'groups:wizard.errors.bannerTooLarge'
      ? 'events:errors.bannerTooLarge'
      : 'events:errors.bannerNotImage'
  return { ok: false as const, error }
}

/** A free link for a new event from its name: the name's own when it is free, else the next free one (-2, -3 …). */
async function freeEventSlug(brandId: string, name: string): Promise<string> {
  const slug = eventSlugFromName(name)
  if (isAvailableRoomSlug(slug) && !(await Room.count({ where: { brandId, slug } }))) return slug
  return suggestRoomLink(brandId, slug)
}

/** What a new event's rows are made of: its room's fields, and its `events` row's beyond the defaults. */
export type NewEventRows = {
  brandId: string
  creatorId: string
  slug: string
  room: {
    name: string
    description: string | null
    bannerImage: string | null
    startsAt: Date
    endsAt: Date
    timeZone: string
  }
  event?: Partial<Omit<CreationAttributes<CommunityEvent>, 'roomId'>>
}

/**
 * A new event's rows, in the caller's transaction: a room in the event context (public, planned
 * in its zone), its maker as host with the room's own room-host grant (their meeting powers hold
 * in it only, as for groups), and its events row. The new-event form and a series' sessions
 * (app/lib/event-series/series-commands.server.ts) both make their events here.
 */
export async function insertEventRows(input: NewEventRows, transaction: Transaction): Promise<Room> {
  const { brandId, creatorId, slug } = input
  const room = await Room.create(
    {
      brandId,
      slug,
      ...input.room,
      context: 'event',
      type: 'meeting',
      roomType: 'public',
      hostId: creatorId,
      members: [creatorId],
      visibleInDirectory: 'none',
      allowMembershipRequests: false,
    },
    { transaction },
  )
  await CommunityEvent.create({ ...input.event, roomId: room.id }, { transaction })
  const host = await Role.findOne({
    attributes: ['id'],
    where: { slug: 'room-host' },
    rejectOnEmpty: true,
    transaction,
  })
  await RoleGrant.findOrCreate({ where: { userId: creatorId, brandId, roleId: host.id, roomId: room.id }, transaction })
  return room
}

/**
 * A new event, all or nothing (insertEventRows). Two people naming events alike at once: the
 * loser takes the next free link.
 */
export async function createEvent(input: {
  brand: Pick<Brand, 'id'>
  creator: Pick<User, 'id'>
  values: NewEventValues
}): Promise<EditorOutcome<Room>> {
  const { brand, creator, values } = input
  const banner = await storedBanner(values.banner)
  if (!banner.ok) return { kind: 'invalid', fieldErrors: { banner: [banner.error] } }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const slug = await freeEventSlug(brand.id, values.name)
      const room = await Room.sequelize!.transaction((transaction) =>
        insertEventRows(
          {
            brandId: brand.id,
            creatorId: creator.id,
            slug,
            room: {
              name: values.name,
              description: values.description || null,
              bannerImage: banner.url,
              startsAt: values.startsAt,
              endsAt: values.endsAt,
              timeZone: values.timeZone,
            },
            event: { registrationCutoffAt: values.registrationCutoffAt, registrationLimit: values.registrationLimit },
          },
          transaction,
        ),
      )
      return { kind: 'saved', value: room }
    } catch (error) {
      if (error instanceof UniqueConstraintError) continue
      await removeBanner(banner.url)
      logger.error({ err: error, brandId: brand.id }, 'new event not saved')
      return { kind: 'failed' }
    }
  }
  await removeBanner(banner.url)
  return { kind: 'failed' }
}

/** Details: name, description, and a new banner that replaces the old one (an empty file input keeps it). */
export async function saveDetails(room: Room, values: EventDetailsValues): Promise<EditorOutcome<Room>> {
  const banner = await storedBanner(values.banner)
  if (!banner.ok) return { kind: 'invalid', fieldErrors: { banner: [banner.error] } }
  const old = room.bannerImage
  await room.update({
    name: values.name,
    description: values.description || null,
    ...(banner.url ? { bannerImage: banner.url } : {}),
  })
  if (banner.url) await removeBanner(old)
  return { kind: 'saved', value: room }
}

/** Schedule: the start and end in UTC with the zone, the registration cutoff and limit. */
export async function saveSchedule(room: Room, values: EventScheduleValues): Promise<EditorOutcome<Room>> {
  const event = await eventRowToSave(room)
  await Room.sequelize!.transaction(async (transaction) => {
    await room.update({ startsAt: values.startsAt, endsAt: values.endsAt, timeZone: values.timeZone }, { transaction })
    await event.update(
      { registrationCutoffAt: values.registrationCutoffAt, registrationLimit: values.registrationLimit },
      { transaction },
    )
  })
  return { kind: 'saved', value: room }
}

/** Access: privacy is the room's type (the room rule reads it), the rest the event's own. */
export async function saveAccess(room: Room, values: EventAccessValues): Promise<EditorOutcome<Room>> {
  const event = await eventRowToSave(room)
  await Room.sequelize!.transaction(async (transaction) => {
    await room.update({ roomType: values.privacy, membersOnly: false }, { transaction })
    await event.update(
      {
        feedVisible: values.feedVisible,
        publicPosting: values.publicPosting,
        lateJoinerWindowMinutes: values.lateJoinerWindowMinutes ?? null,
      },
      { transaction },
    )
  })
  return { kind: 'saved', value: room }
}

/**
 * Composition: the type, breakouts, the talking timer, and the slots as listed (replaced in one
 * transaction, so the order on the page is the order kept). A live event keeps the slots it has,
 * so switching back to scripted loses nothing.
 */
export async function saveComposition(room: Room, values: EventCompositionValues): Promise<EditorOutcome<Room>> {
  const event = await eventRowToSave(room)
  await Room.sequelize!.transaction(async (transaction) => {
    await event.update(
      {
        eventType: values.eventType,
        breakoutSize: values.breakoutSize ?? null,
        timerMinutes: values.timerMinutes ?? null,
        timerSeconds: values.timerSeconds ?? null,
        timerMuteOnExpiry: values.timerMuteOnExpiry,
        timerEnforcement: values.timerEnforcement,
        timerEnforcementMessage: values.timerEnforcementMessage || null,
        timerEncouragement: values.timerEncouragement,
        timerEncouragementMessage: values.timerEncouragementMessage || null,
      },
      { transaction },
    )
    await EventSlot.destroy({ where: { roomId: room.id }, transaction })
    await EventSlot.bulkCreate(
      values.slots.map((slot, position) => ({ roomId: room.id, position, ...slot })),
      { transaction },
    )
  })
  return { kind: 'saved', value: room }
}
