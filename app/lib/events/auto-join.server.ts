// The auto-join code of a registration (required, valid, not expired): 32 random bytes in the
// mailed link, only their SHA-256 kept (like sign-in codes), valid until the event's end plus a
// margin (registration-rules.ts AUTO_JOIN_MARGIN_HOURS).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { EventRegistration, type Room } from '#models/index'
import { autoJoinExpiry } from './registration-rules'

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

/** A fresh code for a registration (the previous link stops working); returns the code itself, to mail. */
export async function issueAutoJoinCode(
  registration: EventRegistration,
  room: Pick<Room, 'startsAt' | 'endsAt'>,
  now = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString('base64url')
  const expiresAt = autoJoinExpiry(room, now)
  await registration.update({ autoJoinCodeHash: hashCode(code), autoJoinExpiresAt: expiresAt })
  return { code, expiresAt }
}

export type AutoJoinRefusal = 'required' | 'invalid' | 'expired'

/**
 * The auto-join code is required, valid and not expired: it must be given, match an approved
 * registration for this event, and be used before its expiry. Gives the registrant's id.
 */
export async function checkAutoJoinCode(
  roomId: string,
  code: string | null | undefined,
  now = new Date(),
): Promise<{ ok: true; userId: string } | { ok: false; reason: AutoJoinRefusal }> {
  const given = (code ?? '').trim()
  if (!given) return { ok: false, reason: 'required' }
  if (given.length > 128) return { ok: false, reason: 'invalid' }
  const hash = hashCode(given)
  const registration = await EventRegistration.findOne({ where: { roomId, autoJoinCodeHash: hash } })
  if (
    !registration?.autoJoinCodeHash ||
    !timingSafeEqual(Buffer.from(registration.autoJoinCodeHash), Buffer.from(hash)) ||
    registration.status !== 'approved'
  ) {
    return { ok: false, reason: 'invalid' }
  }
  if (!registration.autoJoinExpiresAt || registration.autoJoinExpiresAt.getTime() < now.getTime())
    return { ok: false, reason: 'expired' }
  return { ok: true, userId: registration.userId }
}
