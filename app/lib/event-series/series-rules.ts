// The event series' rules as plain values: browser-safe,
// shared by the schema, the server and the pages.
import { slugWords } from '../forms/slug-words'

/** "Event series name: required, minimum 2 characters. Summary: required, maximum 280 characters." */
export const SERIES_NAME_MIN = 2
export const SERIES_NAME_MAX = 200
export const SERIES_SUMMARY_MAX = 280
export const SERIES_DESCRIPTION_MAX = 5000

export const seriesListUrl = (brandSlug: string) => `/${brandSlug}/event-series`
export const seriesUrl = (brandSlug: string, id: string) => `/${brandSlug}/event-series/${id}`
export const seriesEditUrl = (brandSlug: string, id: string) => `/${brandSlug}/event-series/${id}/edit`
export const seriesFormUrl = (brandSlug: string, id: string) => `/${brandSlug}/event-series/${id}/registration-form`

/** A session's name: the series' and its local date, language-neutral (it is stored, and shown to everyone). */
export const sessionName = (seriesName: string, localDate: string) => `${seriesName} — ${localDate}`

/** A session's link: the series' words and the local date (one session a day at most: a day is the shortest frequency). */
export function sessionSlug(seriesName: string, localDate: string): string {
  const words = slugWords(seriesName).slice(0, 37).replace(/-+$/, '')
  return `${words.length >= 2 ? words : 'session'}-${localDate}`
}

// The recurrence's choices (app/lib/event-series/recurrence.ts turns them into an RRULE).
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const
export type Frequency = (typeof FREQUENCIES)[number]
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const ENDS = ['count', 'until'] as const
export type Ends = (typeof ENDS)[number]

/** Our cap: a year of weekly sessions. A longer series is planned again (or extended) later. */
export const SESSIONS_MAX = 52
export const INTERVAL_MAX = 12
