// Room links an admin puts aside (POST /api/reserved-names): a room row with `reserved` set and no
// host. Nobody can claim or take the link (the claim flow answers {link}/reserved, the member forms
// "Sorry, but {label} is not available"), and the room itself opens for nobody (models/access.ts
// finds no reserved room). Reserving a link someone holds changes nothing of theirs.
import { UniqueConstraintError } from 'sequelize'
import { Room } from '#models/index'
import { isAvailableRoomSlug } from '#models/slugs'
import { roomLinkProblem } from '../members/member.schema'
import { roomLinkSlug } from '../members/room-link.server'

/** The most names one call reserves. */
export const RESERVED_NAMES_MAX = 100

/** Why a name was not reserved: not a link at all, or a room somebody has. */
export type ReserveRefusal = 'invalid' | 'claimed'

export type ReserveOutcome = {
  /** The links now reserved, those that already were included. */
  reserved: string[]
  refused: Array<{ name: string; reason: ReserveRefusal }>
}

/**
 * Reserves each name as a link in the community. A link the product uses for its own pages is
 * reserved already (nothing to write); one reserved before is answered as reserved again.
 */
export async function reserveNames(brandId: string, names: readonly string[]): Promise<ReserveOutcome> {
  const outcome: ReserveOutcome = { reserved: [], refused: [] }
  for (const name of new Set(names.map((typed) => typed.trim()))) {
    const slug = roomLinkSlug(name)
    if (roomLinkProblem(name)) outcome.refused.push({ name, reason: 'invalid' })
    else if (!isAvailableRoomSlug(slug) || (await reserve(brandId, slug))) outcome.reserved.push(slug)
    else outcome.refused.push({ name, reason: 'claimed' })
  }
  return outcome
}

/** True once the link is reserved: written now, or reserved before; false when it is somebody's room. */
async function reserve(brandId: string, slug: string): Promise<boolean> {
  const held = () => Room.findOne({ attributes: ['reserved'], where: { brandId, slug } })
  const existing = await held()
  if (existing) return existing.reserved
  try {
    await Room.create({ slug, brandId, name: slug, context: 'personal', type: 'personal', reserved: true })
    return true
  } catch (error) {
    // Written by someone else between the look and the write (the unique (brand, link) index): theirs decides.
    if (error instanceof UniqueConstraintError) return (await held())?.reserved ?? false
    throw error
  }
}
