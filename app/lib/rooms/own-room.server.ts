// A personal room as its host runs it, without an admin (docs/user-guide.md#your-rooms): its name,
// description, link (the spec's link rules; a change is confirmed first, since old links stop
// working and anyone in the room is sent out), the page people land on when a meeting ends, the
// waiting room, the lock and the breakout preview. The host needs edit-own-room there (members,
// users and room hosts hold it); anyone else is told the room was not found, so the page never says
// whose room it is.
import { z } from 'zod'
import { Room, type Brand, type User } from '#models/index'
import { permissionsHeld } from '#models/access'
import { isWebAddress, roomLinkField } from '../members/member.schema'
import { linkChangeStop, roomLinkSlug, type LinkChangeStop } from '../members/room-link.server'
import { breakoutPreviewColumns, breakoutPreviewFields, breakoutPreviewValues } from './breakout-preview'
import { publishRoomMoved, publishRoomUpdated } from './edge-publisher.server'
import { roomAddress } from './room-address.server'

const flag = z.boolean({ invalid_type_error: 'account:rooms.errors.flagInvalid' }).default(false)

export const OwnRoomSchema = z.object({
  name: z
    .string({ required_error: 'account:rooms.errors.nameRequired' })
    .trim()
    .min(1, 'account:rooms.errors.nameRequired')
    .max(255, 'account:rooms.errors.tooLong'),
  description: z.string().trim().max(2000, 'account:rooms.errors.tooLong').optional(),
  roomLink: roomLinkField(),
  /** The new link, repeated once the host has read what changing it does. */
  confirm: z.string().max(64).optional(),
  redirectOnEndUrl: z
    .string()
    .trim()
    .max(1024, 'account:rooms.errors.urlInvalid')
    .refine((value) => value === '' || isWebAddress(value), 'account:rooms.errors.urlInvalid')
    .optional(),
  waitingRoom: flag,
  locked: flag,
  ...breakoutPreviewFields,
})
export type OwnRoomFields = z.input<typeof OwnRoomSchema>

/** The user's personal room in this community (findBrand's), if they host it and may edit it; else null. */
export async function findOwnRoom(user: User, brand: Brand | null, roomSlug: string | undefined) {
  if (!brand || !roomSlug) return null
  const room = await Room.findOne({
    where: { brandId: brand.id, slug: roomSlug, hostId: user.id, context: 'personal', deleted: false },
  })
  if (!room) return null
  const held = await permissionsHeld(user.id, brand.id, room.id)
  return held.has('edit-own-room') ? { brand, room } : null
}

/** The form as the room stores it now. */
export function ownRoomValues(room: Room) {
  return {
    name: room.name ?? '',
    description: room.description ?? '',
    roomLink: room.slug,
    redirectOnEndUrl: room.redirectOnEndUrl ?? '',
    waitingRoom: room.waitingRoom,
    locked: room.locked,
    ...breakoutPreviewValues(room),
  }
}

export type OwnRoomOutcome = { kind: 'saved'; slug: string } | LinkChangeStop

/**
 * Saves the host's changes. A new link must be free in the community and the room empty of a
 * meeting; it is saved only once confirmed, and then whoever is in the room is sent out and open
 * pages of the room reload (as when an admin changes it in the member editor).
 */
export async function saveOwnRoom(room: Room, value: z.output<typeof OwnRoomSchema>): Promise<OwnRoomOutcome> {
  const slug = roomLinkSlug(value.roomLink)
  const linkChanges = slug !== room.slug
  const stop = await linkChangeStop(room, value.roomLink, value.confirm)
  if (stop) return stop
  await room.update({
    name: value.name,
    description: value.description || null,
    slug,
    redirectOnEndUrl: value.redirectOnEndUrl || null,
    // The next pass anyone is given for the room carries the door's settings (meeting-pass.server.ts).
    waitingRoom: value.waitingRoom,
    locked: value.locked,
    ...breakoutPreviewColumns(value),
  })
  if (linkChanges) publishRoomMoved(room.id, await roomAddress(room))
  else publishRoomUpdated(room.id)
  return { kind: 'saved', slug }
}
