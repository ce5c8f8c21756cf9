// The groups page's pure rules (the groups page, a group and its states, co-host rules):
// its tabs, the types a group can have and how each is labelled, which bulk action applies to which
// state, and who may do what to a group. Browser-safe: the page and the server read the same rules.
import type { PermissionSlug } from '#models/permissions'

export const GROUP_TABS = ['all', 'mine', 'active', 'pending', 'archived'] as const
export type GroupTab = (typeof GROUP_TABS)[number]
/** The tabs that show groups nobody can use yet or any more: for those who moderate groups. */
const MODERATION_TABS: ReadonlySet<GroupTab> = new Set(['pending', 'archived'])

export function isGroupTab(value: unknown): value is GroupTab {
  return GROUP_TABS.includes(value as GroupTab)
}

export function visibleGroupTabs(held: ReadonlySet<PermissionSlug>): GroupTab[] {
  return GROUP_TABS.filter((tab) => !MODERATION_TABS.has(tab) || held.has('manage-community-rooms'))
}

/**
 * The four kinds of group the wizard offers (public, private, premium and
 * member-exclusive), stored in the room's roomType so that models/room-access.ts decides entry:
 * public → anyone with access-community; private and exclusive → only listed members, co-hosts
 * and the host; premium → community members only. Private groups take join requests; a members
 * only group is invitation-only by default (its co-hosts may still open it to requests).
 */
export const GROUP_TYPES = ['public', 'private', 'premium', 'exclusive'] as const
export type GroupType = (typeof GROUP_TYPES)[number]

/**
 * The label a group's room type shows (meeting = Public Group, staff = Private Group,
 * exclusive = Members Only Group, locked = Closed Room). The product names no label for premium: we
 * show "Premium Group". A locked group (nobody but its hosts may come in) reads Closed Room
 * whatever its type.
 */
export type GroupLabel = 'public' | 'private' | 'membersOnly' | 'premium' | 'closed'
export function groupLabel(room: { roomType: string; locked?: boolean }): GroupLabel {
  if (room.locked || room.roomType === 'locked' || room.roomType === 'closed') return 'closed'
  switch (room.roomType) {
    case 'private':
    case 'staff':
      return 'private'
    case 'exclusive':
      return 'membersOnly'
    case 'premium':
      return 'premium'
    default:
      return 'public'
  }
}

/** Bulk actions of the groups page and the states each one moves a group out of. */
export const GROUP_BULK_ACTIONS = ['approve', 'reject', 'archive', 'restore', 'remove'] as const
export type GroupBulkAction = (typeof GROUP_BULK_ACTIONS)[number]
export type GroupStatus = 'active' | 'pending' | 'archived'

export const BULK_TRANSITIONS: Record<GroupBulkAction, { from: readonly GroupStatus[]; to: GroupStatus | 'deleted' }> =
  {
    approve: { from: ['pending'], to: 'active' },
    // A rejected group never opened: it goes, like a removed one (deleted rows are kept, not listed).
    reject: { from: ['pending'], to: 'deleted' },
    archive: { from: ['active'], to: 'archived' },
    restore: { from: ['archived'], to: 'active' },
    remove: { from: ['active', 'pending', 'archived'], to: 'deleted' },
  }

/** The per-page selector's choices; the first is the default. */
export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const
export const DEFAULT_PER_PAGE = PER_PAGE_CHOICES[0]

export function perPageOf(value: unknown): number {
  const n = Number(value)
  return (PER_PAGE_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_PER_PAGE
}

/** The groups page address for a tab, page and page size, leaving out what is the default. */
export function groupsUrl(slug: string, place: { tab?: GroupTab; page?: number; perPage?: number } = {}): string {
  const query = new URLSearchParams()
  if (place.tab && place.tab !== 'all') query.set('tab', place.tab)
  if (place.perPage && place.perPage !== DEFAULT_PER_PAGE) query.set('perPage', String(place.perPage))
  if (place.page && place.page > 1) query.set('page', String(place.page))
  const search = query.toString()
  return `/${slug}/groups${search ? `?${search}` : ''}`
}

/** Someone's place in one group: its host, a co-host, a listed member, or none of these. */
export type GroupStanding = 'host' | 'coHost' | 'member' | 'none'
export function groupStanding(
  room: { hostId: string | null; coHosts: string[] | null; members: string[] | null },
  userId: string | null,
): GroupStanding {
  if (!userId) return 'none'
  if (room.hostId === userId) return 'host'
  if ((room.coHosts ?? []).includes(userId)) return 'coHost'
  if ((room.members ?? []).includes(userId)) return 'member'
  return 'none'
}

/**
 * Who runs a group's people (approves join requests, promotes, demotes and removes; co-hosts and
 * admins approve memberships): its host and co-hosts, and those who manage the
 * community's rooms.
 */
export function mayRunGroup(standing: GroupStanding, held: ReadonlySet<PermissionSlug>): boolean {
  return standing === 'host' || standing === 'coHost' || held.has('manage-community-rooms')
}

/**
 * Who edits a group's details (title, description, link, banner, directory): its host and
 * co-hosts (the room-co-host role's edit-group-room) and those who hold edit-group-room
 * community-wide (admins).
 */
export function mayEditGroup(standing: GroupStanding, held: ReadonlySet<PermissionSlug>): boolean {
  return standing === 'host' || standing === 'coHost' || held.has('edit-group-room')
}

/** Only co-hosts set group preferences (the host is the first of them); an admin does not. */
export function maySetGroupPreferences(standing: GroupStanding): boolean {
  return standing === 'host' || standing === 'coHost'
}

/** The most questions a questionnaire holds, and the longest question and answer. */
export const QUESTIONS_MAX = 10
export const QUESTION_MAX_LENGTH = 300
export const ANSWER_MAX_LENGTH = 1000

/** The questionnaire stored on the room (newMemberFormDefinition), read defensively. */
export function questionsOf(definition: unknown): string[] {
  if (!definition || typeof definition !== 'object' || !('questions' in definition)) return []
  const { questions } = definition as { questions: unknown }
  return Array.isArray(questions)
    ? questions.filter((question): question is string => typeof question === 'string' && question.trim() !== '')
    : []
}

/**
 * Links a group cannot take though a room could: the pages under /{brand}/groups/ that a group's
 * own page (/{brand}/groups/{link}) would sit beside.
 */
export const GROUP_PAGE_SLUGS: ReadonlySet<string> = new Set(['new'])
