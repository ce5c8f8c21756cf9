// The events' rules (events and their slots, and their limits) as plain values and
// functions: browser-safe, no database, shared by the schemas, the server and the pages.
import type { EventType } from '#models/event'
import { slugWords } from '../forms/slug-words'

export const EVENT_NAME_MIN = 2
export const EVENT_NAME_MAX = 255
export const EVENT_DESCRIPTION_MAX = 5000

const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** "Event registration cutoff: 3 days before to 1 hour after start" (both ends allowed). */
export const CUTOFF_BEFORE_START_MS = 3 * DAY_MS
export const CUTOFF_AFTER_START_MS = HOUR_MS

/** Our bounds: an event lasts a minute to a week. */
export const DURATION_MIN_MINUTES = 1
export const DURATION_MAX_MINUTES = 7 * 24 * 60
export const DEFAULT_DURATION_MINUTES = 60
export const REGISTRATION_LIMIT_MAX = 100_000
export const LATE_JOINER_WINDOW_MAX_MINUTES = 24 * 60
/** A breakout of one is no breakout; fifty is a meeting of its own. */
export const BREAKOUT_SIZE_MIN = 2
export const BREAKOUT_SIZE_MAX = 50
export const SLOTS_MAX = 50
export const SLOT_NAME_MAX = 100
export const SLOT_MINUTES_MAX = 600
export const TIMER_MINUTES_MAX = 60
export const TIMER_MESSAGE_MAX = 500

/** Events are either scripted (slots) or live. */
export const EVENT_TYPES = ['scripted', 'live'] as const satisfies readonly EventType[]

/** An event's privacy; it is the event room's roomType, which the room rule reads (models/room-access.ts). */
export const EVENT_PRIVACY = ['public', 'private', 'premium'] as const
export type EventPrivacy = (typeof EVENT_PRIVACY)[number]

export function privacyOf(roomType: string): EventPrivacy {
  return (EVENT_PRIVACY as readonly string[]).includes(roomType) ? (roomType as EventPrivacy) : 'public'
}

/** The events page's tabs: upcoming (not over yet), past, and archived for those who manage events. */
export const EVENT_LIST_TABS = ['upcoming', 'past', 'archived'] as const
export type EventListTab = (typeof EVENT_LIST_TABS)[number]

export function isEventListTab(value: unknown): value is EventListTab {
  return typeof value === 'string' && (EVENT_LIST_TABS as readonly string[]).includes(value)
}

/**
 * Which tab an event belongs on: archived ones on archived; the others are upcoming until they end
 * (an event going on now is still upcoming: people can join it), then past. An event with no end
 * ends at its start; one with no start at all has yet to happen.
 */
export function eventListTab(
  event: { status: string; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): EventListTab {
  if (event.status === 'archived') return 'archived'
  const end = event.endsAt ?? event.startsAt
  return end && end.getTime() < now.getTime() ? 'past' : 'upcoming'
}

/** The editor's tabs, in order (details, schedule, access, registration, composition, surveys, members). */
export const EVENT_EDITOR_TABS = [
  'details',
  'schedule',
  'access',
  'registration',
  'composition',
  'surveys',
  'members',
] as const
export type EventEditorTab = (typeof EVENT_EDITOR_TABS)[number]

export const eventsUrl = (brandSlug: string, tab?: EventListTab) =>
  `/${brandSlug}/events${tab && tab !== 'upcoming' ? `?tab=${tab}` : ''}`
export const eventUrl = (brandSlug: string, roomSlug: string) => `/${brandSlug}/events/${roomSlug}`
export const editorUrl = (brandSlug: string, roomSlug: string, tab: EventEditorTab) =>
  `/${brandSlug}/events/${roomSlug}/edit${tab === 'details' ? '' : `/${tab}`}`

/** Why a registration cutoff is refused, or null: it must fall from 3 days before the start to 1 hour after it. */
export function cutoffProblem(startsAt: Date, cutoffAt: Date): 'tooEarly' | 'tooLate' | null {
  const offset = cutoffAt.getTime() - startsAt.getTime()
  if (offset < -CUTOFF_BEFORE_START_MS) return 'tooEarly'
  if (offset > CUTOFF_AFTER_START_MS) return 'tooLate'
  return null
}

/** A slot's time is minutes × 60 + seconds, in milliseconds. */
export function slotTimeMs(slot: { minutes: number; seconds: number }): number {
  return (slot.minutes * 60 + slot.seconds) * 1000
}

/** An event's link from its name: the room link rules (models/slugs.ts), accents dropped, "event" when nothing is left. */
export function eventSlugFromName(name: string): string {
  const slug = slugWords(name)
  return slug.length >= 2 ? slug : `event${slug ? `-${slug}` : ''}`
}
