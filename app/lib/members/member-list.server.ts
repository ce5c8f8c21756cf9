import { Op, col, fn, where, type WhereOptions } from 'sequelize'
import type { MembershipStatus } from '#models/membership'
import type { PermissionSlug, RoleSlug } from '#models/permissions'
import { Membership, Role, RoleGrant, User } from '#models/index'
import { readSignupAnswers, type SignupAnswer } from '../communities/signup-answers'
import { CONTACT_ATTRIBUTES, visibleContact } from './contact-visibility'
import { availableActions, MEMBER_TABS, MEMBERS_PER_PAGE, type MemberAction, type MemberTab } from './member-rules'

/**
 * The members page's queries: one community's people by state, searched by
 * name or email, a page at a time; and every member at once for the CSV export. Only people with a
 * membership in this community are ever read. Reused by the admin panel.
 */

export type MemberRow = {
  userId: string
  name: string
  avatar: string | null
  /** Null when this viewer may not see it (shown only when the member allows, or to those who manage members). */
  emailAddress: string | null
  phoneNumber: string | null
  roles: RoleSlug[]
  status: MembershipStatus
  joinedAt: string
  invitedAt: string | null
  /** What they gave joining by the sign-up link, for those who manage or approve members; null when nothing. */
  signup: { termsAcceptedAt: string | null; answers: SignupAnswer[] } | null
  actions: MemberAction[]
}

export type MemberListing = {
  tab: MemberTab
  query: string
  page: number
  pages: number
  total: number
  perPage: number
  counts: Record<MemberTab, number>
  rows: MemberRow[]
}

/**
 * Matches on the name, and on the email address only where the viewer could see it: a search must
 * not tell someone who may not read addresses whether one belongs to a member.
 */
function searchWhere(query: string, seesAllEmails: boolean): WhereOptions {
  if (!query) return {}
  // instr, not LIKE: what is typed is a plain substring (a `%` or `_` is no wildcard) in SQLite and MySQL alike.
  const like = (column: string) => where(fn('instr', fn('lower', col(column)), query.toLowerCase()), { [Op.gt]: 0 })
  const email = seesAllEmails
    ? like('user.emailAddress')
    : { [Op.and]: [{ '$user.preferenceShowEmailAddress$': true }, like('user.emailAddress')] }
  return { [Op.or]: [like('user.name'), email] }
}

/** Each listed person's community-wide roles here, by user. */
async function rolesByUser(brandId: string, userIds: string[]): Promise<Map<string, RoleSlug[]>> {
  const roles = new Map<string, RoleSlug[]>()
  if (!userIds.length) return roles
  const grants = await RoleGrant.findAll({
    attributes: ['userId'],
    where: { brandId, userId: userIds, roomId: null },
    include: [{ model: Role, as: 'role', attributes: ['slug'], required: true }],
  })
  for (const grant of grants)
    roles.set(grant.userId, [...(roles.get(grant.userId) ?? []), grant.role!.slug as RoleSlug])
  return roles
}

/** The user columns a row shows. */
const ROW_ATTRIBUTES = [...CONTACT_ATTRIBUTES, 'avatar']

export async function listMembers(input: {
  brandId: string
  viewerId: string | null
  held: ReadonlySet<PermissionSlug>
  tab: MemberTab
  query: string
  page: number
}): Promise<MemberListing> {
  const { brandId, held, tab, query } = input
  const manages = held.has('manage-community-members')
  const search = searchWhere(query, manages)
  const include = [{ model: User, as: 'user', attributes: [], required: true }]

  const grouped = (await Membership.count({
    where: { brandId, status: Object.values(MEMBER_TABS), ...search },
    include,
    group: ['Membership.status'],
  })) as unknown as Array<{ status: MembershipStatus; count: number }>
  const countOf = (status: MembershipStatus) => Number(grouped.find((row) => row.status === status)?.count ?? 0)
  const counts = { active: countOf('active'), pending: countOf('pending'), archived: countOf('deleted') }

  const total = counts[tab]
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PER_PAGE))
  const page = Math.min(Math.max(1, input.page), pages)
  const memberships = await Membership.findAll({
    where: { brandId, status: MEMBER_TABS[tab], ...search },
    include: [
      {
        model: User,
        as: 'user',
        required: true,
        attributes: ROW_ATTRIBUTES,
      },
    ],
    order: [
      [fn('lower', col('user.name')), 'ASC'],
      ['userId', 'ASC'],
    ],
    limit: MEMBERS_PER_PAGE,
    offset: (page - 1) * MEMBERS_PER_PAGE,
  })
  const roles = await rolesByUser(
    brandId,
    memberships.map((membership) => membership.userId),
  )

  const rows = memberships.map((membership) => memberRow(membership, roles.get(membership.userId) ?? [], input))
  return { tab, query, page, pages, total, perPage: MEMBERS_PER_PAGE, counts, rows }
}

/** One membership (its user included) as a row of the list, for this viewer. */
function memberRow(
  membership: Membership,
  roles: RoleSlug[],
  { viewerId, held }: { viewerId: string | null; held: ReadonlySet<PermissionSlug> },
): MemberRow {
  const user = membership.user!
  // Those who decide on a pending person read what they gave on the sign-up page.
  const reviews = held.has('manage-community-members') || held.has('approve-community-members')
  const answers = readSignupAnswers(membership.signupAnswers)
  return {
    userId: user.id,
    // Never the address or phone in its place: a nameless member is shown by a neutral word (the page's members:list.unnamed).
    name: user.name ?? '',
    avatar: user.avatar,
    ...visibleContact(user, held.has('manage-community-members')),
    roles,
    status: membership.status,
    joinedAt: membership.createdAt.toISOString(),
    invitedAt: membership.invitedAt?.toISOString() ?? null,
    signup:
      reviews && (membership.termsAcceptedAt || answers.length)
        ? { termsAcceptedAt: membership.termsAcceptedAt?.toISOString() ?? null, answers }
        : null,
    actions: availableActions({
      held,
      actorId: viewerId,
      target: { userId: user.id, status: membership.status, isOwner: roles.includes('community-owner') },
    }),
  }
}

/**
 * One person as the list shows them to this viewer (GET /api/users/{id}), or null when they are on none of
 * `tabs`, the tabs the viewer sees (memberRules visibleTabs): no member, or pending or archived where the
 * viewer sees only the active.
 */
export async function findMember(input: {
  brandId: string
  viewerId: string | null
  held: ReadonlySet<PermissionSlug>
  tabs: readonly MemberTab[]
  userId: string
}): Promise<MemberRow | null> {
  const { brandId, userId } = input
  const membership = await Membership.findOne({
    where: { brandId, userId, status: input.tabs.map((tab) => MEMBER_TABS[tab]) },
    include: [{ model: User, as: 'user', required: true, attributes: ROW_ATTRIBUTES }],
  })
  if (!membership) return null
  return memberRow(membership, (await rolesByUser(brandId, [userId])).get(userId) ?? [], input)
}

export type ExportRow = {
  name: string
  email: string
  phone: string
  status: 'active' | 'pending' | 'archived'
  roles: string
  joined: string
}

const EXPORT_STATUS = { active: 'active', pending: 'pending', deleted: 'archived' } as const

/** Every active, pending and archived member of the community, by name, for the CSV export. */
export async function exportMembers(brandId: string): Promise<ExportRow[]> {
  const memberships = await Membership.findAll({
    where: { brandId, status: Object.values(MEMBER_TABS) },
    include: [{ model: User, as: 'user', required: true, attributes: ['id', 'name', 'emailAddress', 'phoneNumber'] }],
    order: [
      [fn('lower', col('user.name')), 'ASC'],
      ['userId', 'ASC'],
    ],
  })
  const roles = await rolesByUser(
    brandId,
    memberships.map((membership) => membership.userId),
  )
  return memberships.map((membership) => ({
    name: membership.user!.name ?? '',
    email: membership.user!.emailAddress ?? '',
    phone: membership.user!.phoneNumber ?? '',
    status: EXPORT_STATUS[membership.status as keyof typeof EXPORT_STATUS],
    roles: (roles.get(membership.userId) ?? []).join(';'),
    joined: membership.createdAt.toISOString().slice(0, 10),
  }))
}
