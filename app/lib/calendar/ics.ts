// Calendar files (iCalendar, RFC 5545) made with the `ics` package: the invitation a registration's
// mail carries (app/lib/events/registration-ics.ts) and the calendar feeds (feeds.server.ts). Times go
// out in UTC, so no calendar has to know the event's zone. Pure: no database, no environment.
import { createEvents, type EventAttributes } from 'ics'

export type CalendarEvent = {
  /** Stable for the same entry, so a calendar that reads it again updates it instead of adding one. */
  uid: string
  title: string
  /** Plain text: the calendar shows it as written. */
  description?: string | null
  startsAt: Date
  /** No end: an hour after the start (the events editor's default length). */
  endsAt: Date | null
  /** The event's page, when it still has one. The auto-join link never goes here: calendars are shared. */
  url?: string | null
  /** Who sends it: RFC 5545 wants an address (ORGANIZER is a cal-address); strict calendars refuse one without. */
  organizer?: { name: string; email: string } | null
  /** CANCELLED keeps a called-off event in a feed, so calendars strike it out rather than guess. */
  status?: 'CONFIRMED' | 'CANCELLED'
  /** When the event last changed (LAST-MODIFIED). */
  lastModified?: Date | null
}

/** What a file says about itself: the product that made it, METHOD, and the name calendars show for a feed. */
export type CalendarHeader = { productId: string; method?: 'PUBLISH'; name?: string }

const HOUR_MS = 60 * 60 * 1000
/** RFC 5545 §3.1: lines of at most 75 octets (not characters), longer ones folded with CRLF and a space. */
const LINE_OCTETS = 75

const utcParts = (date: Date): [number, number, number, number, number] => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
]

/** One entry as the `ics` package takes it. */
function eventAttributes(event: CalendarEvent): EventAttributes {
  const end =
    event.endsAt && event.endsAt.getTime() > event.startsAt.getTime()
      ? event.endsAt
      : new Date(event.startsAt.getTime() + HOUR_MS)
  return {
    uid: event.uid,
    title: event.title,
    description: event.description || undefined,
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    ...(event.url ? { url: event.url } : {}),
    status: event.status ?? 'CONFIRMED',
    // A timestamp: the package reads a date array as local time here.
    ...(event.lastModified ? { lastModified: event.lastModified.getTime() } : {}),
    ...(event.organizer ? { organizer: { name: event.organizer.name, email: event.organizer.email } } : {}),
  }
}

/** How many octets UTF-8 takes for one code point. */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4)

/**
 * One line cut into pieces of at most 75 octets, each after the first starting with a space, never
 * inside a character: the `ics` package counts characters, so an accented or emoji title made
 * lines strict parsers refuse.
 */
function foldLine(line: string): string {
  const pieces: string[] = []
  let piece = ''
  let octets = 0
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0)!)
    // A continuation line's leading space counts towards its 75 octets.
    const room = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1
    if (octets + size > room) {
      pieces.push(piece)
      piece = ''
      octets = 0
    }
    piece += character
    octets += size
  }
  pieces.push(piece)
  return pieces.join('\r\n ')
}

/** The file's lines unfolded (as the package folded them) and folded again by octets. */
export function foldLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n')
  return lines.map((line) => (line ? foldLine(line) : line)).join('\r\n')
}

/** The .ics text of these entries (none is an empty calendar); throws when the package refuses the values (a bug, never the user's input). */
export function calendarFile(events: readonly CalendarEvent[], header: CalendarHeader): string {
  const { error, value } = createEvents(events.map(eventAttributes), {
    productId: header.productId,
    ...(header.method ? { method: header.method } : {}),
    ...(header.name ? { calName: header.name } : {}),
  })
  if (error || !value) throw error ?? new Error('the calendar file could not be made')
  return foldLines(value)
}
