// The calendar invitation a confirmation mail carries (an .ics file made with the `ics` package, through
// app/lib/calendar/ics.ts): one event in UTC, with a stable UID per registration so a calendar that
// imports a second confirmation (answers updated, approval after waiting) updates the entry instead of
// adding one. The personal calendar feed (app/lib/calendar/feeds.server.ts) uses the same UID.
import { calendarFile, type CalendarEvent } from '../calendar/ics'

export type { CalendarEvent }

/** The .ics text; throws when the package refuses the values (a bug, never the user's input). */
export function calendarInvitation(event: CalendarEvent): string {
  return calendarFile([event], { productId: 'hearth/events', method: 'PUBLISH' })
}
