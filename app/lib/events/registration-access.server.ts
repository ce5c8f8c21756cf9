// Where registration meets the meeting: a registration event's meeting admits
// approved registrants (and those who run it), and leaving it sends a plain participant who owes the
// post-survey there first (docs/user-guide.md#registering-for-an-event). Kept apart from the meeting code, which
// calls these two functions and nothing else of registration.
import { redirect } from '@remix-run/node'
import type { PermissionSlug } from '#models/permissions'
import { isMeetingBot } from '#models/access'
import { CommunityEvent, EventRegistration, FormSubmission, type Brand, type Room } from '#models/index'
import { redirectWithFlash } from '../http/flash.server'
import { MANAGE_EVENTS } from './events.server'
import { needsApprovedRegistration, owesPostSurvey } from './registration-rules'

export const eventPagePath = (brandSlug: string, roomSlug: string) => `/${brandSlug}/events/${roomSlug}`
export const registerPath = (brandSlug: string, roomSlug: string) => `${eventPagePath(brandSlug, roomSlug)}/register`
export const surveyPath = (brandSlug: string, roomSlug: string, kind: 'pre' | 'post') =>
  `${eventPagePath(brandSlug, roomSlug)}/survey/${kind}`

type Who = {
  brand: Pick<Brand, 'id' | 'slug'>
  room: Room
  userId: string | null
  permissions: ReadonlySet<PermissionSlug>
  isHost: boolean
  isCoHost: boolean
}

/**
 * Throws a redirect when someone may not enter a registration event's meeting: a visitor or an
 * unregistered person goes to the register page, a pending one to the event page; a registered
 * participant who has not answered the pre-survey goes to it. Does nothing for other rooms.
 */
export async function requireEventRegistration({
  brand,
  room,
  userId,
  permissions,
  isHost,
  isCoHost,
}: Who): Promise<void> {
  if (room.context !== 'event') return
  const event = await CommunityEvent.findByPk(room.id)
  if (!event?.registrationEnabled) return
  const managesEvents = permissions.has(MANAGE_EVENTS)
  const bot = userId ? await isMeetingBot(userId, brand.id) : false
  if (!needsApprovedRegistration({ registrationEnabled: true, managesEvents, isHost, isCoHost, isMeetingBot: bot }))
    return
  const registration = userId ? await EventRegistration.findOne({ where: { roomId: room.id, userId } }) : null
  if (!registration)
    throw await redirectWithFlash(registerPath(brand.slug, room.slug), {
      kind: 'error',
      message: 'registration:flash.registrationRequired',
    })
  if (registration.status !== 'approved')
    throw await redirectWithFlash(eventPagePath(brand.slug, room.slug), {
      kind: 'error',
      message: 'registration:flash.awaitingApproval',
    })
  if (
    event.preSurveyFormId &&
    !(await FormSubmission.findOne({ where: { formDefinitionId: event.preSurveyFormId, userId: registration.userId } }))
  ) {
    throw redirect(surveyPath(brand.slug, room.slug, 'pre'))
  }
}

/**
 * Where leaving an event's meeting leads: the post-survey for a plain participant who has not saved
 * it, else the room's end URL, else the event's page. Null for a room that is no event.
 */
export async function eventEndUrl({ brand, room, userId, permissions, isHost, isCoHost }: Who): Promise<string | null> {
  if (room.context !== 'event') return null
  const event = await CommunityEvent.findByPk(room.id)
  const after = room.redirectOnEndUrl || eventPagePath(brand.slug, room.slug)
  if (!event?.postSurveyFormId || !userId) return after
  const saved = Boolean(await FormSubmission.findOne({ where: { formDefinitionId: event.postSurveyFormId, userId } }))
  return owesPostSurvey({
    postSurveyFormId: event.postSurveyFormId,
    saved,
    managesEvents: permissions.has(MANAGE_EVENTS),
    isHost,
    isCoHost,
  })
    ? surveyPath(brand.slug, room.slug, 'post')
    : after
}
