// The commands about another member (its connection states; the connection request dialog and
// block/mute dialogs). Each reads both people's standing in THIS community, refuses with a
// translation key and a status, or changes the rows and says which flash to show.
import { DatabaseError, UniqueConstraintError, type Transaction } from 'sequelize'
import type { TranslationKey } from '../i18n/i18n'
import { Membership, UserBlock, UserConnection } from '#models/index'
import { notifyUser } from '../rooms/edge-publisher.server'
import { notifyConnection } from '../notifications/notify.server'
import type { ConnectionState, PersonIntent } from './connection-rules'
import { mayContact } from './visibility.server'

export type ConnectionOutcome =
  { ok: true; flash: TranslationKey } | { ok: false; status: 400 | 403 | 404 | 409; error: TranslationKey }

const refused = (status: 400 | 403 | 404 | 409, error: TranslationKey): ConnectionOutcome => ({
  ok: false,
  status,
  error,
})
const done = (flash: TranslationKey): ConnectionOutcome => ({ ok: true, flash })

/** Whether the person is an active member of the community: only they can be connected, blocked or muted here. */
export async function isActiveMember(userId: string, brandId: string): Promise<boolean> {
  return (await Membership.count({ where: { brandId, userId, status: 'active' } })) > 0
}

/** My row about them, if any. */
function rowOf(brandId: string, userId: string, otherId: string, transaction?: Transaction) {
  return UserConnection.findOne({ where: { brandId, userId, connectedUserId: otherId }, transaction })
}

/** Where the actor stands with the other person, and the actor's own flags. */
export async function standing(brandId: string, actorId: string, otherId: string) {
  const [mine, blocks] = await Promise.all([
    rowOf(brandId, actorId, otherId),
    UserBlock.findAll({ attributes: ['kind'], where: { brandId, userId: actorId, targetUserId: otherId } }),
  ])
  return {
    state: (mine?.status ?? 'none') as ConnectionState,
    favorite: mine?.favorite ?? false,
    following: mine?.postNotifications ?? false,
    blocked: blocks.some((row) => row.kind === 'block'),
    muted: blocks.some((row) => row.kind === 'mute'),
  }
}

/**
 * Two writes to one pair at once: the second finds the pair taken (a unique index), or on MariaDB
 * may be picked as a deadlock victim when both write the two rows in opposite order. Either way the
 * first one stands and the second is refused like a duplicate.
 */
function isConflict(error: unknown): boolean {
  if (error instanceof UniqueConstraintError) return true
  const code = error instanceof DatabaseError ? (error.parent as { code?: string }).code : undefined
  return code === 'ER_LOCK_DEADLOCK' || code === 'SQLITE_BUSY'
}

/** Both rows of a pair, in one transaction. */
function inTransaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
  return UserConnection.sequelize!.transaction(work)
}

async function deletePair(brandId: string, a: string, b: string, transaction: Transaction) {
  await UserConnection.destroy({ where: { brandId, userId: a, connectedUserId: b }, transaction })
  await UserConnection.destroy({ where: { brandId, userId: b, connectedUserId: a }, transaction })
}

async function request(brandId: string, actorId: string, otherId: string): Promise<ConnectionOutcome> {
  if (!(await mayContact(actorId, otherId, brandId))) return refused(403, 'connections:errors.blocked')
  const [mine, theirs] = await Promise.all([rowOf(brandId, actorId, otherId), rowOf(brandId, otherId, actorId)])
  if (mine?.status === 'requested') return refused(409, 'connections:errors.alreadyRequested')
  if (mine?.status === 'accepted') return refused(409, 'connections:errors.alreadyConnected')
  if (mine?.status === 'pending') return refused(409, 'connections:errors.theyAsked')
  // Declined: asking again is the other person's move, so a declined request cannot be repeated.
  if (mine?.status === 'rejected') return refused(409, 'connections:errors.declined')
  try {
    await inTransaction(async (transaction) => {
      // The other person may hold a declined request of theirs to me: my request replaces it.
      if (theirs) await theirs.destroy({ transaction })
      await UserConnection.create(
        { brandId, userId: actorId, connectedUserId: otherId, status: 'requested' },
        { transaction },
      )
      await UserConnection.create(
        { brandId, userId: otherId, connectedUserId: actorId, status: 'pending' },
        { transaction },
      )
    })
  } catch (error) {
    if (isConflict(error)) return refused(409, 'connections:errors.alreadyRequested')
    throw error
  }
  notifyUser(otherId, { type: 'connection', data: { event: 'requested', brandId, userId: actorId } })
  await notifyConnection(brandId, actorId, otherId, 'requested')
  return done('connections:flash.requested')
}

async function accept(brandId: string, actorId: string, otherId: string): Promise<ConnectionOutcome> {
  // Only the one asked accepts: their own row is the "pending" one.
  const changed = await inTransaction(async (transaction) => {
    const [count] = await UserConnection.update(
      { status: 'accepted' },
      { where: { brandId, userId: actorId, connectedUserId: otherId, status: 'pending' }, transaction },
    )
    if (count === 0) return false
    await UserConnection.update(
      { status: 'accepted' },
      { where: { brandId, userId: otherId, connectedUserId: actorId, status: 'requested' }, transaction },
    )
    return true
  })
  if (!changed) return refused(404, 'connections:errors.noRequest')
  notifyUser(otherId, { type: 'connection', data: { event: 'accepted', brandId, userId: actorId } })
  await notifyConnection(brandId, actorId, otherId, 'accepted')
  return done('connections:flash.accepted')
}

async function reject(brandId: string, actorId: string, otherId: string): Promise<ConnectionOutcome> {
  // The one who declined keeps no row (they may ask later); the requester's row says "rejected".
  const changed = await inTransaction(async (transaction) => {
    const count = await UserConnection.destroy({
      where: { brandId, userId: actorId, connectedUserId: otherId, status: 'pending' },
      transaction,
    })
    if (count === 0) return false
    await UserConnection.update(
      { status: 'rejected' },
      { where: { brandId, userId: otherId, connectedUserId: actorId, status: 'requested' }, transaction },
    )
    return true
  })
  return changed ? done('connections:flash.rejected') : refused(404, 'connections:errors.noRequest')
}

/** Withdrawing my request, or removing a connection: both rows go. */
async function dissolve(
  brandId: string,
  actorId: string,
  otherId: string,
  from: 'requested' | 'accepted',
): Promise<ConnectionOutcome> {
  const changed = await inTransaction(async (transaction) => {
    const mine = await UserConnection.findOne({
      where: { brandId, userId: actorId, connectedUserId: otherId, status: from },
      transaction,
    })
    if (!mine) return false
    await deletePair(brandId, actorId, otherId, transaction)
    return true
  })
  if (changed) return done(from === 'requested' ? 'connections:flash.withdrawn' : 'connections:flash.removed')
  return refused(404, from === 'requested' ? 'connections:errors.noRequest' : 'connections:errors.notConnected')
}

/** Favourite and follow are my own flags on an accepted connection. */
async function flag(
  brandId: string,
  actorId: string,
  otherId: string,
  field: 'favorite' | 'postNotifications',
  value: boolean,
  flash: TranslationKey,
): Promise<ConnectionOutcome> {
  const [count] = await UserConnection.update(
    { [field]: value },
    { where: { brandId, userId: actorId, connectedUserId: otherId, status: 'accepted' } },
  )
  return count > 0 ? done(flash) : refused(404, 'connections:errors.notConnected')
}

async function addBlock(
  brandId: string,
  actorId: string,
  otherId: string,
  kind: 'block' | 'mute',
): Promise<ConnectionOutcome> {
  try {
    await inTransaction(async (transaction) => {
      await UserBlock.create({ brandId, userId: actorId, targetUserId: otherId, kind }, { transaction })
      // A block ends whatever stood between them: the connection, or a request either way.
      if (kind === 'block') await deletePair(brandId, actorId, otherId, transaction)
    })
  } catch (error) {
    if (isConflict(error))
      return refused(409, kind === 'block' ? 'connections:errors.alreadyBlocked' : 'connections:errors.alreadyMuted')
    throw error
  }
  return done(kind === 'block' ? 'connections:flash.blocked' : 'connections:flash.muted')
}

async function removeBlock(
  brandId: string,
  actorId: string,
  otherId: string,
  kind: 'block' | 'mute',
): Promise<ConnectionOutcome> {
  const count = await UserBlock.destroy({ where: { brandId, userId: actorId, targetUserId: otherId, kind } })
  if (count > 0) return done(kind === 'block' ? 'connections:flash.unblocked' : 'connections:flash.unmuted')
  return refused(404, kind === 'block' ? 'connections:errors.notBlocked' : 'connections:errors.notMuted')
}

const UNDOING: ReadonlySet<PersonIntent> = new Set([
  'withdraw',
  'remove',
  'reject',
  'unfavorite',
  'unfollow',
  'unblock',
  'unmute',
])

/**
 * Runs one of the person forms. The actor is a member (the route's guard); the other person must be
 * an active member of the same community and not the actor.
 */
export async function performPersonAction(input: {
  brandId: string
  actorId: string
  intent: PersonIntent
  userId: string
}): Promise<ConnectionOutcome> {
  const { brandId, actorId, intent, userId: otherId } = input
  // The product's thrown message for a call that names nobody; the forms never get here without one.
  if (!otherId) throw new Error('Missing connected user')
  if (otherId === actorId) return refused(400, 'connections:errors.self')
  // Undoing (withdraw, unblock…) stays possible after the other person left the community.
  if (!UNDOING.has(intent) && !(await isActiveMember(otherId, brandId)))
    return refused(404, 'connections:errors.notMember')
  switch (intent) {
    case 'request':
      return request(brandId, actorId, otherId)
    case 'accept':
      return accept(brandId, actorId, otherId)
    case 'reject':
      return reject(brandId, actorId, otherId)
    case 'withdraw':
      return dissolve(brandId, actorId, otherId, 'requested')
    case 'remove':
      return dissolve(brandId, actorId, otherId, 'accepted')
    case 'favorite':
      return flag(brandId, actorId, otherId, 'favorite', true, 'connections:flash.favorited')
    case 'unfavorite':
      return flag(brandId, actorId, otherId, 'favorite', false, 'connections:flash.unfavorited')
    case 'follow':
      return flag(brandId, actorId, otherId, 'postNotifications', true, 'connections:flash.followed')
    case 'unfollow':
      return flag(brandId, actorId, otherId, 'postNotifications', false, 'connections:flash.unfollowed')
    case 'block':
    case 'mute':
      return addBlock(brandId, actorId, otherId, intent)
    case 'unblock':
      return removeBlock(brandId, actorId, otherId, 'block')
    case 'unmute':
      return removeBlock(brandId, actorId, otherId, 'mute')
  }
}
