// A room link inside one community: whether it can be had, and a free one close to it
// when not. Used by the member editor and the new member wizard (the group wizard will reuse it).
import { randomInt } from 'node:crypto'
import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/node'
import { Op, type Transaction } from 'sequelize'
import { MeetingPeer, MeetingRoom, Room } from '#models/index'
import { isAvailableRoomSlug } from '#models/slugs'
import { ROOM_LINK_MAX } from './member.schema'

/**
 * available; reserved: a path of the product or a link an admin put aside (reserved-names.server.ts),
 * "Sorry, but {label} is not available"; taken: another room's.
 */
export type RoomLinkState = 'available' | 'reserved' | 'taken'

export const roomLinkSlug = (typed: string) => typed.trim().toLowerCase()

/** Whether a link is free in the community; `exceptRoomId` is the room being renamed (its own link is free to it). */
export async function roomLinkState(
  brandId: string,
  slug: string,
  options: { exceptRoomId?: string; transaction?: Transaction } = {},
): Promise<RoomLinkState> {
  if (!isAvailableRoomSlug(slug)) return 'reserved'
  const where = { brandId, slug, ...(options.exceptRoomId ? { id: { [Op.ne]: options.exceptRoomId } } : {}) }
  const room = await Room.findOne({ attributes: ['reserved'], where, transaction: options.transaction })
  return room ? (room.reserved ? 'reserved' : 'taken') : 'available'
}

const SUGGESTION_TRIES = 20

/** A free link close to a refused one: -2, -3 … (a trailing number replaced), then random numbers. */
export async function suggestRoomLink(brandId: string, slug: string): Promise<string> {
  const base =
    slug
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '')
      .replace(/-\d+$/, '')
      .slice(0, ROOM_LINK_MAX - 8)
      .replace(/[-_]+$/, '') || 'room'
  const start = /^[a-z0-9]/.test(base) ? base : `room-${base}`.replace(/-+$/, '')
  const numbered = Array.from({ length: SUGGESTION_TRIES }, (_, index) => `${start}-${index + 2}`)
  const random = Array.from({ length: SUGGESTION_TRIES }, () => `${start}-${randomInt(100, 1_000_000)}`)
  for (const candidates of [numbered, random]) {
    const taken = new Set(
      (await Room.findAll({ attributes: ['slug'], where: { brandId, slug: candidates }, raw: true })).map(
        (room) => room.slug,
      ),
    )
    const free = candidates.find((candidate) => !taken.has(candidate) && isAvailableRoomSlug(candidate))
    if (free) return free
  }
  return `${start}-${Date.now().toString(36)}`
}

/** The message key and values a refused link shows, with its suggestion. */
export type RoomLinkRefusal = {
  message: 'members:roomLink.notAvailable' | 'members:roomLink.taken'
  label: string
  suggestion: string
}

/** Null when the typed link can be had in the community, else why not and what to take instead. */
export async function checkRoomLink(
  brandId: string,
  typed: string,
  options: { exceptRoomId?: string; transaction?: Transaction } = {},
): Promise<RoomLinkRefusal | null> {
  const state = await roomLinkState(brandId, roomLinkSlug(typed), options)
  if (state === 'available') return null
  return {
    message: state === 'reserved' ? 'members:roomLink.notAvailable' : 'members:roomLink.taken',
    label: typed,
    suggestion: await suggestRoomLink(brandId, roomLinkSlug(typed)),
  }
}

/**
 * Whether a meeting is going on in the room now: an open meeting record (the edge writes them)
 * with someone in it who entered and has not left. A link cannot change then. Someone only at the
 * device check or in the waiting room does not hold it: their page moves to the new address.
 */
export async function meetingIsLive(roomId: string, transaction?: Transaction): Promise<boolean> {
  const open = await MeetingRoom.findAll({
    attributes: ['id'],
    where: { roomId, endedAt: null },
    transaction,
    raw: true,
  })
  if (!open.length) return false
  return (
    (await MeetingPeer.count({
      where: { meetingRoomId: open.map((meeting) => meeting.id), enteredAt: { [Op.ne]: null }, leftAt: null },
      transaction,
    })) > 0
  )
}

/** Why a room's link cannot move yet: refused (taken, reserved, a meeting on), or waiting for the editor's confirmation. */
export type LinkChangeStop =
  | { kind: 'invalid'; fieldErrors: Record<string, string[]>; refusal?: RoomLinkRefusal }
  | { kind: 'confirm'; from: string; to: string }

/** A stop's answer to the form that asked: the refusal under the field (400), or the confirmation to show. */
export function linkChangeStopReply(submission: Submission<unknown>, stop: LinkChangeStop) {
  return stop.kind === 'invalid'
    ? data(
        {
          result: submission.reply({ fieldErrors: stop.fieldErrors }),
          refusal: stop.refusal ?? null,
          confirm: null,
        },
        { status: 400 },
      )
    : data({ result: submission.reply(), refusal: null, confirm: { from: stop.from, to: stop.to } })
}

/**
 * Whether a room's link may move to the typed one now: the link must be free (by `check`, the
 * community's rule for that kind of room), no meeting may be going on, and a link people use
 * changes only once the editor has read what that does (`confirmed` repeats the new link). Null:
 * go ahead (or the link is unchanged).
 */
export async function linkChangeStop(
  room: Pick<Room, 'id' | 'slug' | 'brandId'>,
  typed: string,
  confirmed: string | undefined,
  check: typeof checkRoomLink = checkRoomLink,
): Promise<LinkChangeStop | null> {
  const slug = roomLinkSlug(typed)
  if (slug === room.slug) return null
  const refusal = await check(room.brandId, typed, { exceptRoomId: room.id })
  if (refusal) return { kind: 'invalid', fieldErrors: { roomLink: [refusal.message] }, refusal }
  if (await meetingIsLive(room.id))
    return { kind: 'invalid', fieldErrors: { roomLink: ['members:roomLink.errors.meetingLive'] } }
  if (confirmed !== slug) return { kind: 'confirm', from: room.slug, to: slug }
  return null
}
