// Who may still register for an event (registration, registrationLimit, registrationCutOff), and
// how long an auto-join link lives (the code is required, valid, not expired). Pure: the register
// page, the event page and the server's checks share them.
import type { RegistrationStatus } from '#models/event'
import { communityTerms, type CommunityTerms } from '../communities/terms.schema'

const HOUR_MS = 60 * 60 * 1000

/**
 * An auto-join link works until the event's end plus this margin: long enough for someone who
 * opens the mail late (or an event that overruns) to still get in, short enough that an old mail
 * found later opens nothing. An event with no end counts its start as the end.
 */
export const AUTO_JOIN_MARGIN_HOURS = 12

export function autoJoinExpiry(room: { startsAt: Date | null; endsAt: Date | null }, now = new Date()): Date {
  const end = room.endsAt ?? room.startsAt ?? now
  return new Date(end.getTime() + AUTO_JOIN_MARGIN_HOURS * HOUR_MS)
}

/**
 * The community's terms (its links) that registering asks the person to accept: while the
 * community has any and their registration, if they have one, holds no acceptance yet. Null when
 * nothing is asked, so changing one's answers later does not ask again.
 */
export function termsToAccept(
  brand: { communityToS: string | null; communityPP: string | null },
  registration: { termsAcceptedAt: Date | null } | null,
): CommunityTerms | null {
  return registration?.termsAcceptedAt ? null : communityTerms(brand)
}

/** Why a registration cannot be made now; null when it can. */
export type RegistrationClosed = 'notEnabled' | 'ended' | 'cutoff' | 'full'

/**
 * The cutoff is the event's registrationCutoffAt, or its start when none was set; registering is
 * open up to and including that instant. The limit counts approved and pending places (a pending
 * one is a place held until someone decides). Someone already registered may always update their
 * answers while the cutoff has not passed, even when the event is full.
 */
export function registrationClosed(input: {
  event: { registrationEnabled: boolean; registrationCutoffAt: Date | null; registrationLimit: number | null }
  room: { startsAt: Date | null; endsAt: Date | null }
  taken: number
  alreadyRegistered: boolean
  now?: Date
}): RegistrationClosed | null {
  const { event, room, taken, alreadyRegistered, now = new Date() } = input
  if (!event.registrationEnabled) return 'notEnabled'
  const end = room.endsAt ?? room.startsAt
  if (end && end.getTime() < now.getTime()) return 'ended'
  const cutoff = registrationCutoff(event, room)
  if (cutoff && now.getTime() > cutoff.getTime()) return 'cutoff'
  if (
    !alreadyRegistered &&
    event.registrationLimit !== null &&
    event.registrationLimit !== undefined &&
    taken >= event.registrationLimit
  )
    return 'full'
  return null
}

export function registrationCutoff(
  event: { registrationCutoffAt: Date | null },
  room: { startsAt: Date | null },
): Date | null {
  return event.registrationCutoffAt ?? room.startsAt
}

/** A new registration's status: pending when the event's registrations are moderated. */
export function newRegistrationStatus(event: { registrationModeration: boolean }): RegistrationStatus {
  return event.registrationModeration ? 'pending' : 'approved'
}

/**
 * Who must hold an approved registration to enter a registration event's meeting: everyone but
 * those who run it (manage events, host, co-host) and meeting bots.
 */
export function needsApprovedRegistration(input: {
  registrationEnabled: boolean
  managesEvents: boolean
  isHost: boolean
  isCoHost: boolean
  isMeetingBot?: boolean
}): boolean {
  return input.registrationEnabled && !input.managesEvents && !input.isHost && !input.isCoHost && !input.isMeetingBot
}

/** A plain participant (not host, co-host or someone who manages events) answers the post-survey on leaving. */
export function owesPostSurvey(input: {
  postSurveyFormId: string | null
  saved: boolean
  managesEvents: boolean
  isHost: boolean
  isCoHost: boolean
}): boolean {
  return Boolean(input.postSurveyFormId) && !input.saved && !input.managesEvents && !input.isHost && !input.isCoHost
}
