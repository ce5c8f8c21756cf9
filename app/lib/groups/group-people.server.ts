// A group's people (join requests, co-host rules): asking to join with the group's
// questionnaire, a co-host or admin deciding, and members promoted to co-host, demoted and removed.
// A co-host is listed in the room's coHosts and holds the room-co-host role for that room only
// (a room-scoped grant, migration 0007): its meeting powers hold in that group's room and no other.
import { UniqueConstraintError, type Transaction } from 'sequelize'
import { permissionsHeld } from '#models/access'
import type { JoinAnswer } from '#models/group-join-request'
import { GroupJoinRequest, Membership, Role, RoleGrant, Room, User, type Brand } from '#models/index'
import { CONTACT_ATTRIBUTES, visibleContact } from '../members/contact-visibility'
import { logger } from '../platform/logger.server'
import { groupStanding, questionsOf } from './group-rules'
import { findGroup } from './groups.server'
import { notifyGroupMember, notifyGroupRequest } from '../notifications/notify.server'

const unique = (ids: readonly string[]) => [...new Set(ids)]

/** The room read again inside the transaction (locked where the database can), so two changes to its lists never cross. */
async function fresh(roomId: string, transaction: Transaction) {
  return Room.findByPk(roomId, { transaction, lock: transaction.LOCK.UPDATE, rejectOnEmpty: true })
}

/**
 * Whether someone is an active member of the community: the only people a group takes ("Only
 * members can enter private groups"; models/room-access.ts admits a group's people only while they
 * are). A pending, rejected or archived member, or someone of another community, is not.
 */
export async function isActiveMember(brandId: string, userId: string, transaction?: Transaction): Promise<boolean> {
  return (await Membership.count({ where: { brandId, userId, status: 'active' }, transaction })) > 0
}

async function addToMembers(roomId: string, userId: string, transaction: Transaction) {
  const room = await fresh(roomId, transaction)
  await room.update({ members: unique([...(room.members ?? []), userId]) }, { transaction })
}

export type JoinOutcome = 'notCommunityMember' | 'alreadyMember' | 'requested' | 'joined' | 'problem'

/**
 * Someone asks to join (the join dialog). Not an active member of the community → refused (the
 * dialog offers the community's sign-up instead): a host's approval never grants what the
 * community has not. Already in it → "You are already a member of this
 * group."; a group that takes no requests, or anything that goes wrong → "There was a problem
 * submitting your request."; a group under manual approval → a pending request with the answers;
 * otherwise they join at once (the request is kept, approved, with its answers).
 */
export async function submitJoinRequest(room: Room, userId: string, answers: readonly string[]): Promise<JoinOutcome> {
  if (!(await isActiveMember(room.brandId, userId))) return 'notCommunityMember'
  if (groupStanding(room, userId) !== 'none') return 'alreadyMember'
  if (room.status !== 'active' || !room.allowMembershipRequests) return 'problem'
  const questions = questionsOf(room.newMemberFormDefinition)
  if (answers.length !== questions.length) return 'problem'
  const asked: JoinAnswer[] = questions.map((question, index) => ({ question, answer: answers[index]! }))
  const status = room.newMemberModerationEnabled ? 'pending' : 'approved'
  try {
    await Room.sequelize!.transaction(async (transaction) => {
      const [request, created] = await GroupJoinRequest.findOrCreate({
        where: { roomId: room.id, userId },
        defaults: { brandId: room.brandId, roomId: room.id, userId, status, answers: asked },
        transaction,
      })
      // Asking again (after a refusal, or to change the answers) reopens the same request.
      if (!created)
        await request.update({ status, answers: asked, decidedById: null, decidedAt: null }, { transaction })
      if (status === 'approved') await addToMembers(room.id, userId, transaction)
    })
  } catch (error) {
    if (!(error instanceof UniqueConstraintError))
      logger.error({ err: error, roomId: room.id }, 'join request not saved')
    return 'problem'
  }
  if (status === 'pending') await notifyGroupRequest(room, userId)
  return status === 'approved' ? 'joined' : 'requested'
}

export type PendingRequest = {
  id: string
  userId: string
  name: string
  emailAddress: string | null
  answers: JoinAnswer[]
  createdAt: string
}

/**
 * The group's pending join requests, oldest first, with who asked and what they answered. The
 * address shows only as its owner allows (or to someone who manages the community's members; see
 * visibleContact); a nameless person's name stays empty, and the page shows a neutral word.
 */
export async function pendingRequests(roomId: string, seesAllContacts: boolean): Promise<PendingRequest[]> {
  const requests = await GroupJoinRequest.findAll({
    where: { roomId, status: 'pending' },
    include: [{ model: User, as: 'user', attributes: CONTACT_ATTRIBUTES }],
    order: [['createdAt', 'ASC']],
  })
  return requests.map((request) => ({
    id: request.id,
    userId: request.userId,
    name: request.user?.name ?? '',
    emailAddress: request.user ? visibleContact(request.user, seesAllContacts).emailAddress : null,
    answers: request.answers ?? [],
    createdAt: request.createdAt.toISOString(),
  }))
}

/**
 * What a change to a group's people came to: done; not applicable (no such pending request, or a
 * standing the change does not apply to); or refused because the person is not an active member
 * of the community (approving or promoting never grants what the community has not).
 */
export type PeopleOutcome = 'done' | 'wrongState' | 'notCommunityMember'

/** A co-host or admin approves (the person becomes a member) or rejects a pending request. */
export async function decideJoinRequest(
  room: Room,
  requestId: string,
  approve: boolean,
  actorId: string,
): Promise<PeopleOutcome> {
  const decided = await Room.sequelize!.transaction(
    async (transaction): Promise<{ outcome: PeopleOutcome; userId?: string }> => {
      const request = await GroupJoinRequest.findOne({
        where: { id: requestId, roomId: room.id, status: 'pending' },
        transaction,
      })
      if (!request) return { outcome: 'wrongState' }
      // A request from someone who is not (or no longer) an active member stays pending: it may be rejected, not approved.
      if (approve && !(await isActiveMember(room.brandId, request.userId, transaction)))
        return { outcome: 'notCommunityMember' }
      await request.update(
        { status: approve ? 'approved' : 'rejected', decidedById: actorId, decidedAt: new Date() },
        { transaction },
      )
      if (approve) await addToMembers(room.id, request.userId, transaction)
      return { outcome: 'done', userId: request.userId }
    },
  )
  if (decided.userId) await notifyGroupMember(room, decided.userId, approve ? 'groupApproval' : 'groupDecline', actorId)
  return decided.outcome
}

async function coHostRole(transaction: Transaction) {
  return Role.findOne({ attributes: ['id'], where: { slug: 'room-co-host' }, rejectOnEmpty: true, transaction })
}

export type PeopleChange = 'promote' | 'demote' | 'remove'

/**
 * Promote a member to co-host, demote a co-host to member, or remove someone from the group.
 * The host stays the host ('wrongState'); so does anyone the change does not apply to (a co-host
 * promoted again, a member demoted); someone outside the community is never promoted.
 */
export async function changeGroupPerson(
  room: Room,
  userId: string,
  change: PeopleChange,
  actorId: string | null = null,
): Promise<PeopleOutcome> {
  const outcome = await Room.sequelize!.transaction(async (transaction): Promise<PeopleOutcome> => {
    const current = await fresh(room.id, transaction)
    const standing = groupStanding(current, userId)
    const applies = {
      promote: standing === 'member',
      demote: standing === 'coHost',
      remove: standing === 'member' || standing === 'coHost',
    }[change]
    if (!applies) return 'wrongState'
    // A co-host holds the room's own grants: only an active member of the community may become one.
    if (change === 'promote' && !(await isActiveMember(current.brandId, userId, transaction)))
      return 'notCommunityMember'
    const role = await coHostRole(transaction)
    const grant = { userId, brandId: current.brandId, roleId: role.id, roomId: current.id }
    const coHosts = current.coHosts ?? []
    const members = current.members ?? []
    if (change === 'promote') {
      await current.update({ coHosts: unique([...coHosts, userId]) }, { transaction })
      await RoleGrant.findOrCreate({ where: grant, transaction })
    } else {
      await current.update(
        {
          coHosts: coHosts.filter((id) => id !== userId),
          ...(change === 'remove'
            ? { members: members.filter((id) => id !== userId) }
            : { members: unique([...members, userId]) }),
        },
        { transaction },
      )
      await RoleGrant.destroy({ where: grant, transaction })
    }
    return 'done'
  })
  if (outcome === 'done') await notifyGroupMember(room, userId, GROUP_NOTICE[change], actorId)
  return outcome
}

/** What the person hears of each change (group promotion, demotion, deletion). */
const GROUP_NOTICE = { promote: 'groupPromotion', demote: 'groupDemotion', remove: 'groupDeletion' } as const

export type GroupPerson = {
  userId: string
  name: string
  emailAddress: string | null
  standing: 'host' | 'coHost' | 'member'
}

/** Everyone in the group: its host, then co-hosts, then members, each by name; addresses as pendingRequests shows them. */
export async function groupPeople(room: Room, seesAllContacts: boolean): Promise<GroupPerson[]> {
  const ids = unique([...(room.hostId ? [room.hostId] : []), ...(room.coHosts ?? []), ...(room.members ?? [])])
  const users = await User.findAll({ attributes: CONTACT_ATTRIBUTES, where: { id: ids } })
  const order = { host: 0, coHost: 1, member: 2 } as const
  return users
    .map((user) => ({
      userId: user.id,
      name: user.name ?? '',
      emailAddress: visibleContact(user, seesAllContacts).emailAddress,
      standing: groupStanding(room, user.id) as GroupPerson['standing'],
    }))
    .sort((a, b) => order[a.standing] - order[b.standing] || a.name.localeCompare(b.name))
}

export type InviteOutcome = 'added' | 'notMember' | 'alreadyMember'

/**
 * A co-host or admin adds someone to the group by their email: only an active member of the
 * community (anyone else could not use the group's room), and not twice. A pending request of
 * theirs is approved with it. The outcome is for the server alone: the page answers every one the
 * same way, so the form never tells whether an address belongs to someone.
 */
export async function inviteToGroup(room: Room, emailAddress: string, actorId: string): Promise<InviteOutcome> {
  const user = await User.findOne({ attributes: ['id'], where: { emailAddress } })
  if (!user || !(await isActiveMember(room.brandId, user.id))) return 'notMember'
  if (groupStanding(room, user.id) !== 'none') return 'alreadyMember'
  await Room.sequelize!.transaction(async (transaction) => {
    await addToMembers(room.id, user.id, transaction)
    await GroupJoinRequest.update(
      { status: 'approved', decidedById: actorId, decidedAt: new Date() },
      { where: { roomId: room.id, userId: user.id, status: 'pending' }, transaction },
    )
  })
  return 'added'
}

/**
 * What a community member refused at a group's room may do about it, for the access-denied page:
 * their request is waiting, or they may ask to join (the group takes requests). Null otherwise (not
 * a group, one they are in, one that takes no requests, a request that was declined, someone the
 * groups page does not show the group to).
 */
export async function groupDoor(
  brand: Pick<Brand, 'id' | 'slug' | 'topLevelRoomId' | 'announcementsRoomId'>,
  roomSlug: string,
  userId: string,
): Promise<{ name: string; state: 'waiting' } | { name: string; state: 'ask'; joinUrl: string } | null> {
  const room = await findGroup(brand, roomSlug)
  if (!room || room.status !== 'active' || groupStanding(room, userId) !== 'none') return null
  // Only to those the groups page lists the group to: the community's members who browse its groups.
  if (!(await permissionsHeld(userId, brand.id)).has('access-community-groups')) return null
  const name = room.name || room.slug
  const request = await GroupJoinRequest.findOne({ attributes: ['status'], where: { roomId: room.id, userId } })
  if (request?.status === 'pending') return { name, state: 'waiting' }
  if (request?.status === 'rejected' || !room.allowMembershipRequests) return null
  return { name, state: 'ask', joinUrl: `/${brand.slug}/join/${room.slug}` }
}
