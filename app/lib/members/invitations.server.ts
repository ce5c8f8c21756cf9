// Invitations to people who already have an account (docs/security.md "Who may change what about a
// person"). A community that names someone by email (the new-member wizard, a CSV import, a
// registration import or its API) makes that person a member only if it made the account itself
// and they never signed in; anyone else gets an invitation by mail. The link's token is 32 random
// bytes, of which only the SHA-256 is kept; the invitation page asks them, signed in as themselves,
// to accept or decline. Accepting gives exactly what the admin offered; declining changes nothing.
import { createHash, randomBytes } from 'node:crypto'
import { Op, type Transaction } from 'sequelize'
import { Brand, MemberInvitation, Membership, Room, User } from '#models/index'
import { addMember } from '#models/members'
import type { InvitationOffer, MemberOffer, RegistrationOffer } from '#models/member-invitation'
import { writeRegistrations } from '../events/imported-registrations.server'
import { sendConfirmation } from '../events/registration-mail.server'
import { hit, type Limit } from '../platform/rate-limit.server'
import { createMemberRoom } from './member-editor.server'
import { sendAccountInvitation } from './member-invitation.server'
import { roomLinkState, suggestRoomLink } from './room-link.server'
import { landingPath } from '../communities/landing.server'

export const INVITATION_LIFETIME_DAYS = 14

/**
 * Invitation mails reach people outside the inviting community: capped per inviting account and
 * per person invited (communities are free to create, so a per-community cap would be no cap).
 */
export const INVITATION_LIMITS = {
  perInviter: { name: 'invitation-inviter', max: 200, windowSeconds: 24 * 3600 },
  perInvitee: { name: 'invitation-invitee', max: 5, windowSeconds: 24 * 3600 },
} satisfies Record<string, Limit>

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export type InviteOutcome = 'invited' | 'capped'

/**
 * Invites `user` (an account this community may not write) to `brand`. An open invitation of the
 * same kind is replaced (its old link stops working). Nothing is written when a cap is reached.
 */
export async function invitePerson(input: {
  brand: Brand
  user: User
  invitedById: string | null
  invitation: InvitationOffer
  now?: Date
}): Promise<InviteOutcome> {
  const { brand, user, invitedById, invitation, now = new Date() } = input
  if (!user.emailAddress) return 'capped'
  for (const [limit, subject] of [
    [INVITATION_LIMITS.perInviter, invitedById ?? `brand:${brand.id}`],
    [INVITATION_LIMITS.perInvitee, user.id],
  ] as const) {
    if (!(await hit(limit, subject)).allowed) return 'capped'
  }
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000)
  const row = {
    brandId: brand.id,
    userId: user.id,
    invitedById,
    kind: invitation.kind,
    offer: invitation.offer,
    tokenHash: hashToken(token),
    status: 'open' as const,
    expiresAt,
    decidedAt: null,
  }
  const open = await MemberInvitation.findOne({
    where: { brandId: brand.id, userId: user.id, kind: invitation.kind, status: 'open' },
  })
  if (open) await open.update(row)
  else await MemberInvitation.create(row)
  const inviter = invitedById ? await User.findByPk(invitedById, { attributes: ['name'] }) : null
  const eventName = invitation.kind === 'registration' ? await eventNameOf(invitation.offer) : null
  await sendAccountInvitation({
    to: user.emailAddress,
    user,
    brand,
    token,
    inviterName: inviter?.name ?? null,
    eventName,
  })
  return 'invited'
}

async function eventNameOf(offer: RegistrationOffer) {
  const room = await Room.findByPk(offer.roomIds[0]!, { attributes: ['name', 'slug'] })
  return room ? room.name || room.slug : null
}

export type OpenInvitation = MemberInvitation & { brand: Brand }

/** The invitation a link names while it is open and not expired, with its community; else null. */
export async function findInvitation(token: string | undefined, now = new Date()): Promise<OpenInvitation | null> {
  if (!token || token.length > 128) return null
  const invitation = await MemberInvitation.findOne({
    where: { tokenHash: hashToken(token), status: 'open', expiresAt: { [Op.gt]: now } },
    include: [{ model: Brand, as: 'brand', required: true }],
  })
  return (invitation as OpenInvitation | null) ?? null
}

/** What the invitation page says is offered: the event's name for a registration. */
export async function describeOffer(invitation: MemberInvitation) {
  return invitation.kind === 'registration'
    ? { eventName: await eventNameOf(invitation.offer as RegistrationOffer) }
    : { eventName: null }
}

/**
 * The person accepts: what was offered is given in one transaction (a membership that is already
 * there keeps its state), the invitation is spent. Registrations that became approved get their
 * confirmation mail once saved. Returns where to go next.
 */
export async function acceptInvitation(invitation: OpenInvitation): Promise<string> {
  const brand = invitation.brand
  const approved = await User.sequelize!.transaction(async (transaction) => {
    // Spent first, under the row lock: a second accept of the same link finds it no longer open.
    const [spent] = await MemberInvitation.update(
      { status: 'accepted', decidedAt: new Date() },
      { where: { id: invitation.id, status: 'open' }, transaction },
    )
    if (!spent) return []
    if (invitation.kind === 'member') {
      await joinAsOffered(brand.id, invitation.userId, invitation.offer as MemberOffer, transaction)
      return []
    }
    const offer = invitation.offer as RegistrationOffer
    if (!(await Membership.count({ where: { brandId: brand.id, userId: invitation.userId }, transaction }))) {
      await addMember({
        brandId: brand.id,
        userId: invitation.userId,
        roles: ['community-member'],
        status: 'active',
        source: 'registration',
        transaction,
      })
    }
    return (await writeRegistrations({ userId: invitation.userId, ...offer, transaction })).newlyApproved
  })
  for (const registration of approved) await sendConfirmation(brand, registration)
  if (invitation.kind === 'registration') {
    const event = await Room.findByPk((invitation.offer as RegistrationOffer).roomIds[0]!, { attributes: ['slug'] })
    if (event) return `/${brand.slug}/events/${event.slug}`
  }
  return landingPath(brand)
}

async function joinAsOffered(brandId: string, userId: string, offer: MemberOffer, transaction: Transaction) {
  await addMember({ brandId, userId, roles: offer.roles, status: offer.status, source: offer.source, transaction })
  if (!offer.room) return
  const user = await User.findByPk(userId, { attributes: ['id', 'name'], rejectOnEmpty: true, transaction })
  const { slug, name, access, visibleInDirectory, pinnedInDirectory } = offer.room
  // The link the admin chose may have been taken since: a free one close to it, rather than failing the person's yes.
  const free =
    (await roomLinkState(brandId, slug, { transaction })) === 'available' ? slug : await suggestRoomLink(brandId, slug)
  await createMemberRoom({
    brandId,
    user,
    slug: free,
    name,
    settings: { access, visibleInDirectory, enabledInDirectory: visibleInDirectory !== 'none', pinnedInDirectory },
    transaction,
  })
}

/** The person declines: nothing is given, and the link stops working. */
export async function declineInvitation(invitation: MemberInvitation) {
  await MemberInvitation.update(
    { status: 'declined', decidedAt: new Date() },
    { where: { id: invitation.id, status: 'open' } },
  )
}

/** The community's invitations still waiting for an answer, newest first, with whom each is for and who sent it. */
export async function openInvitations(brandId: string, now = new Date()) {
  const invitations = await MemberInvitation.findAll({
    where: { brandId, status: 'open', expiresAt: { [Op.gt]: now } },
    include: [{ model: User, as: 'user', attributes: ['name', 'emailAddress'], required: true }],
    order: [['updatedAt', 'DESC']],
    limit: 500,
  })
  const inviterIds = [
    ...new Set(invitations.map((invitation) => invitation.invitedById).filter((id): id is string => Boolean(id))),
  ]
  const inviters = new Map(
    (await User.findAll({ attributes: ['id', 'name'], where: { id: inviterIds } })).map((user) => [user.id, user.name]),
  )
  return invitations.map((invitation) => ({
    id: invitation.id,
    kind: invitation.kind,
    name: invitation.user!.name,
    emailAddress: invitation.user!.emailAddress,
    invitedBy: invitation.invitedById ? (inviters.get(invitation.invitedById) ?? null) : null,
    sentAt: invitation.updatedAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  }))
}

/** An admin withdraws an invitation of their community: its link stops working. False when there was no such open one. */
export async function withdrawInvitation(brandId: string, id: string): Promise<boolean> {
  const [withdrawn] = await MemberInvitation.update(
    { status: 'withdrawn', decidedAt: new Date() },
    { where: { id, brandId, status: 'open' } },
  )
  return withdrawn > 0
}
