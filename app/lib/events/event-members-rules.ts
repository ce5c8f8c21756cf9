// The event editor's Members tab as plain rules (the registration import row, breakout invitations,
// exports): browser-safe, no database.
import type { RegistrationStatus } from '#models/event'

/** models/event REGISTRATION_STATUSES, repeated here because browser code imports no model values. */
const REGISTRATION_STATUSES = ['approved', 'pending'] as const satisfies readonly RegistrationStatus[]

/** What the tab's tick boxes can do to the registrations chosen. */
export const REGISTRATION_ACTIONS = ['approve', 'pending', 'coHost', 'notCoHost', 'remove'] as const
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number]

/** The list's filter: every registration, or one status. */
export const REGISTRATION_FILTERS = ['all', ...REGISTRATION_STATUSES] as const
export type RegistrationFilter = (typeof REGISTRATION_FILTERS)[number]

export function registrationFilter(value: string | null): RegistrationFilter {
  return (REGISTRATION_FILTERS as readonly string[]).includes(value ?? '') ? (value as RegistrationFilter) : 'all'
}

export function isRegistrationStatus(value: string): value is RegistrationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(value)
}

/** The most registrations one tick-box action changes (one page of the list). */
export const BULK_MAX = 500

/** The CSV downloads of the tab; each survey is a file of its own (their questions differ). */
export const EXPORT_KINDS = ['registrations', 'pre-survey', 'post-survey', 'participants'] as const
export type ExportKind = (typeof EXPORT_KINDS)[number]

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && (EXPORT_KINDS as readonly string[]).includes(value)
}

export const membersTabUrl = (brandSlug: string, roomSlug: string, filter: RegistrationFilter = 'all') =>
  `/${brandSlug}/events/${roomSlug}/edit/members${filter === 'all' ? '' : `?status=${filter}`}`
export const memberImportUrl = (brandSlug: string, roomSlug: string) =>
  `/${brandSlug}/events/${roomSlug}/edit/members/import`
export const exportUrl = (brandSlug: string, roomSlug: string, kind: ExportKind) =>
  `/${brandSlug}/events/${roomSlug}/edit/members/export/${kind}`
export const groupsUrl = (brandSlug: string, roomSlug: string) =>
  `/${brandSlug}/events/${roomSlug}/edit/composition/groups`

/**
 * The registration import's coHost cell: yes/no, true/false, 1/0 in any case;
 * empty is no. Anything else is refused (null), so a typo never makes someone a co-host.
 */
export function readCoHost(cell: string): boolean | null {
  const value = cell.trim().toLowerCase()
  if (['', 'no', 'false', '0'].includes(value)) return false
  if (['yes', 'true', '1'].includes(value)) return true
  return null
}

/**
 * A cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's CSV injection
 * advice): names, emails and answers are typed by anyone who registers. A phone number ("+1 415…")
 * or a plain negative number is left as it is: it is data, not a formula, and the member export
 * treats them the same way.
 */
export function inertCell(value: string): string {
  if (/^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-]?[\d\s]+$/.test(value))) return `'${value}`
  return value
}

/** "Breakout invitations need at least 2 valid email addresses." */
export const GROUP_MIN_EMAILS = 2
/** A group is a breakout room: no larger than the largest breakout (event-rules BREAKOUT_SIZE_MAX). */
export const GROUP_MAX_EMAILS = 50
export const GROUPS_MAX = 500
export const GROUPS_TEXT_MAX = 60_000
export const GROUPS_FILE_MAX_BYTES = 256 * 1024
