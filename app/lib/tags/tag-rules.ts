// The tag rules, pure and browser-safe.

/** Tag label: required, at least 2 characters. */
export const TAG_LABEL_MIN = 2
export const TAG_LABEL_MAX = 255
export const TAG_DESCRIPTION_MAX = 2000
/** At most 5 tags per group. */
export const MAX_TAGS_PER_GROUP = 5

const DAY_MS = 24 * 3600 * 1000

/**
 * The expiration date is a calendar day (a date input, so it works without JavaScript and without
 * knowing the viewer's zone): the tag is usable through that whole day, UTC, and expires when it
 * ends. "At least 1 day from now" then holds for tomorrow and later, never for today.
 */
export function expiryOf(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const start = new Date(Date.UTC(year, month - 1, date))
  // Refuse dates that roll over (2026-02-30) rather than read them as another day.
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== date) return null
  return new Date(start.getTime() + DAY_MS)
}

/** The day an expiry was chosen as (the inverse of expiryOf), as the date input writes it. */
export function expiryDay(expiresAt: Date): string {
  return new Date(expiresAt.getTime() - DAY_MS).toISOString().slice(0, 10)
}

/** A tag's expiration is at least 1 day from now. */
export function isFarEnoughAhead(expiresAt: Date, now = new Date()): boolean {
  return expiresAt.getTime() - now.getTime() >= DAY_MS
}

/** The first day the expiry field accepts today (for the date input's min). */
export function earliestExpiryDay(now = new Date()): string {
  return new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10)
}

/** The tags page's address for a tab (active is the plain address). */
export function tagsUrl(brandSlug: string, tab?: string | null): string {
  return tab && tab !== 'active' && ['expired', 'archived'].includes(tab)
    ? `/${brandSlug}/tags?tab=${tab}`
    : `/${brandSlug}/tags`
}
