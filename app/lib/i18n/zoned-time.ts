// A time as people give it: a wall-clock time (a datetime-local value, "2026-11-25T18:30") in a time
// zone they pick, turned into the instant it names, and back. Pure and browser-safe, Intl only.
// Used by scheduled posts (posts/drafts) and events (their start and registration cutoff).

/** The time zones offered, from the runtime's own list; UTC first (not every runtime lists it). */
export function timeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...listed.filter((zone) => zone !== 'UTC')]
}

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** A datetime-local value: date, hours and minutes (seconds optional). */
export const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

const DAY_MS = 24 * 3600 * 1000

const offsetFormats = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    offsetFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a wall-clock time names in a zone, or null when the value is no time (or the zone no
 * zone). Around a daylight-saving change a wall time can name two instants or none; we pick as
 * calendars do (and as Temporal's "compatible" disambiguation does):
 * - twice (the clocks went back, e.g. 01:30 on New York's November change): the earlier one;
 * - never (the clocks jumped, e.g. 02:30 on New York's March change): moved on by the jump (03:30).
 * The offsets a day before and a day after the time bracket the change (zones change at most once
 * a day), so both readings are tried and the one that reads back as the wall time wins.
 */
export function zonedTimeToDate(local: string, timeZone: string): Date | null {
  const match = LOCAL_TIME.exec(local.trim())
  if (!match || !isTimeZone(timeZone)) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((value) => Number(value ?? 0)) as number[]
  if (hour! > 23 || minute! > 59 || second! > 59) return null
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!)
  const check = new Date(wall)
  // Date.UTC rolls 31 February into March: such a date is no date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day!) return null
  const before = offsetAt(wall - DAY_MS, timeZone)
  const after = offsetAt(wall + DAY_MS, timeZone)
  const readings = [wall - before, wall - after].filter((instant) => offsetAt(instant, timeZone) === wall - instant)
  if (readings.length) return new Date(Math.min(...readings))
  // In the gap: the offset from before the jump carries the time past it.
  return new Date(wall - before)
}

/** The instant as a datetime-local value ("2026-11-25T18:30") in the zone (to fill a form with a stored time). */
export function dateToZonedTime(date: Date, timeZone: string): string {
  const shifted = new Date(date.getTime() + offsetAt(date.getTime(), timeZone))
  return shifted.toISOString().slice(0, 16)
}
