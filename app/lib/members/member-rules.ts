import type { MembershipStatus } from '#models/membership'
import type { PermissionSlug } from '#models/permissions'

/**
 * The members page's rules (member states, roles), pure so the page shows exactly the
 * buttons the server will honour: the loader asks which actions a row offers, the action asks
 * again before it writes.
 */

/** The page's tabs and the membership state each lists (archived is the `deleted` state). */
export const MEMBER_TABS = { active: 'active', pending: 'pending', archived: 'deleted' } as const satisfies Record<
  string,
  MembershipStatus
>
export type MemberTab = keyof typeof MEMBER_TABS
export const isMemberTab = (value: unknown): value is MemberTab => typeof value === 'string' && value in MEMBER_TABS

export const MEMBER_ACTIONS = [
  'approve',
  'reject',
  'activate',
  'archive',
  'restore',
  'reserve',
  'resend',
  'delete',
] as const
export type MemberAction = (typeof MEMBER_ACTIONS)[number]

/** The states an action starts from, and where it leaves the member (delete and resend change no state). */
export const TRANSITIONS = {
  approve: { from: ['pending'], to: 'active' },
  reject: { from: ['pending'], to: 'rejected' },
  activate: { from: ['pending'], to: 'active' },
  archive: { from: ['active'], to: 'deleted' },
  restore: { from: ['deleted'], to: 'active' },
  reserve: { from: ['active', 'deleted'], to: 'pending' },
  resend: { from: ['pending'], to: null },
  delete: { from: ['active', 'pending', 'deleted', 'rejected'], to: null },
} as const satisfies Record<MemberAction, { from: readonly MembershipStatus[]; to: MembershipStatus | null }>

/** Who may do an action at all: any one of these. Moderators approve and reject; the rest is managing members. */
export const ACTION_PERMISSIONS: Record<MemberAction, readonly PermissionSlug[]> = {
  approve: ['approve-community-members', 'manage-community-members'],
  reject: ['approve-community-members', 'manage-community-members'],
  activate: ['manage-community-members'],
  archive: ['manage-community-members'],
  restore: ['manage-community-members'],
  reserve: ['manage-community-members'],
  resend: ['manage-community-members'],
  delete: ['manage-community-members'],
}

/** Actions that take someone's access away: never on oneself. */
const SELF_FORBIDDEN: readonly MemberAction[] = ['archive', 'reserve', 'delete', 'reject']

export type MemberRefusal = 'forbidden' | 'ownerProtected' | 'self' | 'wrongState'

/**
 * Whether `actor` (holding `held`) may do `action` to a member in `status`. Any change to an
 * owner's standing needs manage-community-owners (admins cannot delete, nor make, owners: giving
 * an owner their access back is making one).
 */
export function memberActionRefusal(input: {
  action: MemberAction
  held: ReadonlySet<PermissionSlug>
  actorId: string | null
  target: { userId: string; status: MembershipStatus; isOwner: boolean }
}): MemberRefusal | null {
  const { action, held, actorId, target } = input
  if (!ACTION_PERMISSIONS[action].some((permission) => held.has(permission))) return 'forbidden'
  if (target.isOwner && action !== 'resend' && !held.has('manage-community-owners')) return 'ownerProtected'
  if (actorId === target.userId && SELF_FORBIDDEN.includes(action)) return 'self'
  if (!(TRANSITIONS[action].from as readonly MembershipStatus[]).includes(target.status)) return 'wrongState'
  return null
}

/** The actions a row offers this viewer, in the order the page shows them. */
export function availableActions(input: Omit<Parameters<typeof memberActionRefusal>[0], 'action'>): MemberAction[] {
  return MEMBER_ACTIONS.filter((action) => memberActionRefusal({ ...input, action }) === null)
}

/** Who sees which tab: everyone who may see the page sees the active members; approvers the pending; managers the archived. */
export function visibleTabs(held: ReadonlySet<PermissionSlug>): MemberTab[] {
  const approves = ACTION_PERMISSIONS.approve.some((permission) => held.has(permission))
  return (['active', 'pending', 'archived'] as const).filter(
    (tab) => tab === 'active' || (tab === 'pending' ? approves : held.has('manage-community-members')),
  )
}

export const MEMBERS_PER_PAGE = 20

/** The list's address in a community, keeping only what is not a default (tab, search, page). */
export function membersUrl(brandSlug: string, place: { tab?: string; query?: string; page?: number }): string {
  const search = new URLSearchParams()
  if (place.tab && place.tab !== 'active') search.set('tab', place.tab)
  if (place.query) search.set('q', place.query)
  if (place.page && place.page > 1) search.set('page', String(place.page))
  const query = search.toString()
  return `/${brandSlug}/members${query ? `?${query}` : ''}`
}
