// A series' recurrence ("The frequency between sessions must exceed the event duration", and
// correct across daylight-saving changes): the rule's parts as the form
// gives them, the RRULE string they make, and the sessions' starts. Pure, no database.
//
// Why not let rrule do the time zones: rrule's arithmetic is UTC, so a 10:00 New York session
// expanded from a UTC start moves to 11:00 local after the March change. Instead the rule is
// expanded in "floating" wall-clock time (a UTC date that stands for the local time, as RFC 5545
// does for a DTSTART with no zone) and each wall time is then read in the series' zone by
// zonedTimeToDate, which also settles the hour a change skips or repeats.
import rrulePackage from 'rrule'
import { zonedTimeToDate } from '#app/lib/i18n/zoned-time'
import { SESSIONS_MAX, WEEKDAYS, type Frequency, type Weekday } from './series-rules'

// rrule ships CommonJS: its named exports are not visible to Node's ESM loader, the default is.
const { RRule } = rrulePackage

const FREQ: Record<Frequency, string> = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY' }

export type RecurrenceParts = {
  frequency: Frequency
  interval: number
  /** Weekly only; none means the first date's weekday. */
  weekdays: Weekday[]
  count: number | null
  /** The last local date a session may fall on (YYYY-MM-DD). */
  untilDate: string | null
}

/** The parts as an RRULE (no DTSTART: that is the series' first start). UNTIL is the local date's last second, floating. */
export function ruleString(parts: RecurrenceParts): string {
  const items = [`FREQ=${FREQ[parts.frequency]}`, `INTERVAL=${parts.interval}`]
  if (parts.frequency === 'weekly' && parts.weekdays.length)
    items.push(`BYDAY=${WEEKDAYS.filter((day) => parts.weekdays.includes(day)).join(',')}`)
  if (parts.untilDate) items.push(`UNTIL=${parts.untilDate.replaceAll('-', '')}T235959`)
  else items.push(`COUNT=${parts.count ?? 1}`)
  return items.join(';')
}

/** A stored rule back as the form's parts; null for a rule this app did not write. */
export function partsOfRule(rule: string): RecurrenceParts | null {
  const fields = new Map(rule.split(';').map((item) => item.split('=') as [string, string]))
  const frequency = (Object.keys(FREQ) as Frequency[]).find((key) => FREQ[key] === fields.get('FREQ'))
  const interval = Number(fields.get('INTERVAL') ?? 1)
  if (!frequency || !Number.isInteger(interval) || interval < 1) return null
  const weekdays = (fields.get('BYDAY')?.split(',') ?? []).filter((day): day is Weekday =>
    (WEEKDAYS as readonly string[]).includes(day),
  )
  const until = /^(\d{4})(\d{2})(\d{2})/.exec(fields.get('UNTIL') ?? '')
  const count = fields.has('COUNT') ? Number(fields.get('COUNT')) : null
  return {
    frequency,
    interval,
    weekdays,
    count: until ? null : count,
    untilDate: until ? `${until[1]}-${until[2]}-${until[3]}` : null,
  }
}

/** What a series is planned from: its first start as wall-clock time ("2026-03-02T10:00") in its zone, and its rule. */
export type Plan = { firstStart: string; timeZone: string; rule: string }

/**
 * The sessions' starts (at most `limit`), in order: the rule expanded in wall-clock time, each
 * then read in the zone. Empty when the plan names no time or no zone.
 */
export function sessionStarts(plan: Plan, limit = SESSIONS_MAX + 1): Date[] {
  const wall = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(plan.firstStart)
  if (!wall) return []
  const [year, month, day, hour, minute] = wall.slice(1).map(Number) as [number, number, number, number, number]
  let options
  try {
    options = RRule.parseString(plan.rule)
  } catch {
    return []
  }
  const rule = new RRule({ ...options, dtstart: new Date(Date.UTC(year, month - 1, day, hour, minute)) })
  const starts: Date[] = []
  for (const floating of rule.all((_, index) => index < limit)) {
    const instant = zonedTimeToDate(floating.toISOString().slice(0, 16), plan.timeZone)
    if (instant) starts.push(instant)
  }
  return starts
}

/** The shortest time from one session's start to the next, in minutes; null with fewer than two sessions. */
export function shortestGapMinutes(starts: readonly Date[]): number | null {
  let shortest: number | null = null
  for (let index = 1; index < starts.length; index++) {
    const gap = (starts[index]!.getTime() - starts[index - 1]!.getTime()) / 60_000
    if (shortest === null || gap < shortest) shortest = gap
  }
  return shortest
}

export type RecurrenceProblem = 'noSessions' | 'tooManySessions' | 'frequencyTooShort'

/**
 * What is wrong with a plan, or null: it must make a session, at most SESSIONS_MAX of them, and the
 * rule: the time between two sessions (measured between real instants, so a day shortened
 * by a daylight-saving change counts as 23 hours) must exceed the duration.
 */
export function recurrenceProblem(starts: readonly Date[], durationMinutes: number): RecurrenceProblem | null {
  if (starts.length === 0) return 'noSessions'
  if (starts.length > SESSIONS_MAX) return 'tooManySessions'
  const gap = shortestGapMinutes(starts)
  if (gap !== null && gap <= durationMinutes) return 'frequencyTooShort'
  return null
}
