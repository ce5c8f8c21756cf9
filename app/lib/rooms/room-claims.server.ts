import { randomInt } from 'node:crypto'
import { UniqueConstraintError, type Transaction } from 'sequelize'
import { z } from 'zod'
import { Role, RoleGrant, Room, type User } from '#models/index'
import { MAIN_BRAND_PAGES, MAIN_BRAND_SLUG, mainBrand } from '#models/main-brand'
import { readProductConfig } from '#models/product-config'
import { isAvailableRoomSlug } from '#models/slugs'
import { env } from '../platform/env.server'
import type { TranslationKey } from '../i18n/i18n'
import { createVerifiedUser } from '../identity/verified-accounts.server'

/**
 * Personal rooms: the room link rules, whether a link is free, a free alternative when it
 * is not ("Sorry, but {label} is not available" with a suggestion), and the claim itself.
 * Personal rooms live in the main brand, at /me/{link}; each person claims one.
 */

export const ROOM_LINK_MAX = 64

/** The first rule a typed link breaks, as the message key the form shows, or null when it keeps them all. */
export function roomLinkProblem(typed: string): TranslationKey | null {
  if (!typed) return 'signup:errors.linkRequired'
  if (typed.length < 2) return 'signup:errors.linkTooShort'
  if (!/^[A-Za-z0-9]/.test(typed)) return 'signup:errors.linkStart'
  if (!/^[A-Za-z0-9_-]+$/.test(typed)) return 'signup:errors.linkCharacters'
  if (typed.length > ROOM_LINK_MAX) return 'signup:errors.linkTooLong'
  return null
}

/**
 * The room link field of a form: trimmed, one message at a time (the first rule broken), case kept
 * so "Sorry, but {label} is not available" repeats what the person typed. The link itself is the
 * lower-case form (roomLinkSlug): links read the same however they are typed.
 */
export const roomLinkField = () =>
  z
    .string({ required_error: 'signup:errors.linkRequired' })
    .trim()
    .superRefine((typed, context) => {
      const problem = roomLinkProblem(typed)
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem })
    })

export const roomLinkSlug = (typed: string) => typed.trim().toLowerCase()

/** A personal room's address, as people share it. */
export const personalRoomPath = (slug: string) => `/${MAIN_BRAND_SLUG}/${slug}`
export const personalRoomUrl = (slug: string) => `${env.PUBLIC_URL}${personalRoomPath(slug)}`

/**
 * available: anyone may claim it. reserved: a path of the product (a page under /me or a
 * community), or a room an admin has put aside (reserved flag). claimed: somebody's room already.
 */
export type RoomLinkState = 'available' | 'reserved' | 'claimed'

export async function roomLinkState(slug: string, transaction?: Transaction): Promise<RoomLinkState> {
  if (!isAvailableRoomSlug(slug) || MAIN_BRAND_PAGES.has(slug)) return 'reserved'
  const brand = await mainBrand()
  const room = await Room.findOne({ attributes: ['id', 'reserved'], where: { brandId: brand.id, slug }, transaction })
  if (!room) return 'available'
  return room.reserved ? 'reserved' : 'claimed'
}

const SUGGESTION_TRIES = 20

/**
 * A free link close to a taken one: the same with -2, -3 … (a trailing number is replaced, so a
 * taken "ana-2" suggests "ana-3", not "ana-2-2"), then a random number once those are gone.
 */
export async function suggestRoomLink(slug: string): Promise<string> {
  const brand = await mainBrand()
  const base =
    slug
      .replace(/-\d+$/, '')
      .slice(0, ROOM_LINK_MAX - 7)
      .replace(/[-_]+$/, '') || 'room'
  const numbered = Array.from({ length: SUGGESTION_TRIES }, (_, index) => `${base}-${index + 2}`)
  const random = Array.from({ length: SUGGESTION_TRIES }, () => `${base}-${randomInt(100, 1_000_000)}`)
  for (const candidates of [numbered, random]) {
    const taken = new Set(
      (await Room.findAll({ attributes: ['slug'], where: { brandId: brand.id, slug: candidates }, raw: true })).map(
        (room) => room.slug,
      ),
    )
    const free = candidates.find(
      (candidate) => !taken.has(candidate) && isAvailableRoomSlug(candidate) && !MAIN_BRAND_PAGES.has(candidate),
    )
    if (free) return free
  }
  // Forty taken variants of one name: a link nobody will have thought of.
  return `${base}-${Date.now().toString(36)}`
}

/** The state of a link and, when it cannot be had, a free alternative. */
export async function checkRoomLink(slug: string): Promise<{ state: RoomLinkState; suggestion: string | null }> {
  const state = await roomLinkState(slug)
  return { state, suggestion: state === 'available' ? null : await suggestRoomLink(slug) }
}

/** The person's personal room, or null: each person has at most one (a second would only hoard links). */
export async function personalRoomOf(userId: string): Promise<Room | null> {
  const brand = await mainBrand()
  return Room.findOne({
    where: { brandId: brand.id, hostId: userId, context: 'personal' },
    order: [['createdAt', 'ASC']],
  })
}

/** The link was taken (or reserved) between the check and the claim. */
export class RoomLinkTaken extends Error {
  constructor(readonly slug: string) {
    super('room.notAvailable')
  }
}

/**
 * Makes a personal room in the main brand with the user as its host. The unique (brand, link) index
 * settles two claims racing.
 *
 * The room-host grant names the room. The room's hostId already gives its meeting powers, so the
 * grant adds no power; it is kept because the me screen lists a community (and counts its people)
 * by the roles held there. A grant for the whole main brand would give its kick-peer and mute-peer
 * in every other person's room, so it never names less than the room.
 */
async function createPersonalRoom(user: User, slug: string, transaction: Transaction) {
  const brand = await mainBrand()
  const hostRole = await Role.findOne({ where: { slug: 'room-host' }, rejectOnEmpty: true, transaction })
  if ((await roomLinkState(slug, transaction)) !== 'available') throw new RoomLinkTaken(slug)
  // With the product config's queueNewPersonalRooms, a new room waits (pending) in the admins'
  // review queue, and nobody enters it (the access check finds active rooms only) until approved.
  const { queueNewPersonalRooms } = await readProductConfig(transaction)
  try {
    const room = await Room.create(
      {
        slug,
        brandId: brand.id,
        hostId: user.id,
        context: 'personal',
        type: 'personal',
        name: user.name ?? slug,
        status: queueNewPersonalRooms ? 'pending' : 'active',
      },
      { transaction },
    )
    await RoleGrant.findOrCreate({
      where: { userId: user.id, brandId: brand.id, roleId: hostRole.id, roomId: room.id },
      transaction,
    })
    return room
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new RoomLinkTaken(slug)
    throw error
  }
}

/** A signed-in person claims a link; someone who has a personal room already keeps that one. */
export async function claimPersonalRoom(user: User, slug: string): Promise<{ room: Room; created: boolean }> {
  const existing = await personalRoomOf(user.id)
  if (existing) return { room: existing, created: false }
  return {
    room: await Room.sequelize!.transaction((transaction) => createPersonalRoom(user, slug, transaction)),
    created: true,
  }
}

/**
 * A new person who proved their email: their account and their room, both or neither (a link
 * taken at the last moment leaves no account behind).
 */
export async function createAccountWithRoom(input: {
  fullName: string
  emailAddress: string
  slug: string
  language?: string | null
}) {
  // Read (and on a fresh install create) the main brand before the transaction: on SQLite a write
  // outside it would wait on the transaction's own lock.
  await mainBrand()
  return Room.sequelize!.transaction(async (transaction) => {
    const user = await createVerifiedUser(input, transaction)
    const room = await createPersonalRoom(user, input.slug, transaction)
    return { user, room }
  })
}
