// A schedule's time as people give it: a wall-clock time (a datetime-local value, "2026-11-25T18:30")
// in a time zone they pick, turned into the instant it names. Pure and browser-safe.

/** The time zones offered, from the runtime's own list; UTC first (not every runtime lists it). */
export function timeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...listed.filter((zone) => zone !== 'UTC')]
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a wall-clock time names in a zone, or null when the value is no time (or the zone no
 * zone). The offset is taken twice: once at the guess, once at the answer, so a time beside a
 * daylight-saving change lands on the right side of it.
 */
export function zonedTimeToDate(local: string, timeZone: string): Date | null {
  const match = LOCAL.exec(local.trim())
  if (!match || !isTimeZone(timeZone)) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((value) => Number(value ?? 0)) as number[]
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!)
  const check = new Date(wall)
  // Date.UTC rolls 31 February into March: such a date is no date.
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59) return null
  const first = wall - offsetAt(wall, timeZone)
  return new Date(wall - offsetAt(first, timeZone))
}

/** The instant as a datetime-local value in the zone (to fill the form with a post's current time). */
export function dateToZonedTime(date: Date, timeZone: string): string {
  const shifted = new Date(date.getTime() + offsetAt(date.getTime(), timeZone))
  return shifted.toISOString().slice(0, 16)
}
