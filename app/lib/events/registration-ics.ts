// The calendar invitation a confirmation mail carries (an .ics file made with the `ics` package):
// one event in UTC, with a stable UID per registration so a calendar that imports a second
// confirmation (answers updated, approval after waiting) updates the entry instead of adding one.
import { createEvent } from 'ics'

export type CalendarEvent = {
  /** Stable per event and person: `{registrationId}@{host}`. */
  uid: string
  title: string
  description?: string | null
  startsAt: Date
  /** No end: an hour after the start (the events editor's default length). */
  endsAt: Date | null
  /** The event's page. The auto-join link is not put here: a calendar is shared more widely than a mail. */
  url: string
  /** Who sends it: RFC 5545 wants an address (ORGANIZER is a cal-address); strict calendars refuse one without. */
  organizer?: { name: string; email: string } | null
}

const HOUR_MS = 60 * 60 * 1000

const utcParts = (date: Date): [number, number, number, number, number] => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
]

/** The .ics text; throws when the package refuses the values (a bug, never the user's input). */
export function calendarInvitation(event: CalendarEvent): string {
  const end =
    event.endsAt && event.endsAt.getTime() > event.startsAt.getTime()
      ? event.endsAt
      : new Date(event.startsAt.getTime() + HOUR_MS)
  const { error, value } = createEvent({
    uid: event.uid,
    title: event.title,
    description: event.description ?? undefined,
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    url: event.url,
    productId: 'hearth/events',
    method: 'PUBLISH',
    status: 'CONFIRMED',
    ...(event.organizer ? { organizer: { name: event.organizer.name, email: event.organizer.email } } : {}),
  })
  if (error || !value) throw error ?? new Error('the calendar invitation could not be made')
  return value
}
