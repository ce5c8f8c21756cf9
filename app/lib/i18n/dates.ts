import { FORMAT_LOCALES, type Language } from './i18n'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Intl formatters, made once per language and options: making one costs far more than using it
 * (the community home's few event dates were a tenth of its render). A handful of languages, zones
 * and styles, so this stays small.
 */
const formatters = new Map<string, unknown>()

function kept<F>(key: string, make: () => F): F {
  if (!formatters.has(key)) formatters.set(key, make())
  return formatters.get(key) as F
}

const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  kept(`d:${locale}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))

const relativeTimeFormat = (locale: string) =>
  kept(`r:${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }))

/**
 * The product's relative time: "just now" under 60 seconds, then minutes, hours, days (under 30),
 * months (under 12, counted as 30 days) and years. Past and future both read naturally
 * ("3 days ago", "in 3 days") in the user's language through Intl.RelativeTimeFormat.
 */
export function relativeTime(date: Date, options: { language: Language; justNow: string; now?: Date }): string {
  const now = options.now ?? new Date()
  const elapsed = date.getTime() - now.getTime()
  const distance = Math.abs(elapsed)
  if (distance < MINUTE) return options.justNow

  const [value, unit] = pickUnit(distance)
  return relativeTimeFormat(FORMAT_LOCALES[options.language]).format(elapsed < 0 ? -value : value, unit)
}

function pickUnit(distance: number): [number, Intl.RelativeTimeFormatUnit] {
  if (distance < HOUR) return [Math.floor(distance / MINUTE), 'minute']
  if (distance < DAY) return [Math.floor(distance / HOUR), 'hour']
  const days = Math.floor(distance / DAY)
  if (days < 30) return [days, 'day']
  const months = Math.floor(days / 30)
  if (months < 12) return [months, 'month']
  return [Math.max(1, Math.floor(days / 365)), 'year']
}

/** A date (and time, unless `dateOnly`) in the viewer's language and time zone. */
export function formatDate(date: Date, options: { language: Language; timeZone?: string; dateOnly?: boolean }): string {
  const timeZone = options.timeZone ?? 'UTC'
  const day = dateTimeFormat(FORMAT_LOCALES[options.language], { dateStyle: 'medium', timeZone }).format(date)
  if (options.dateOnly) return day
  // The server cannot know the viewer's zone without JavaScript, so the zone is always named.
  const time = dateTimeFormat(FORMAT_LOCALES[options.language], {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date)
  return `${day}, ${time}`
}
