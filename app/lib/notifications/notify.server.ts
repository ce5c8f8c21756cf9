// notify(): the one way a notification is made (docs/user-guide.md#notifications). It takes who
// might want to hear of an event and why (notification-rules.ts), keeps those who do (their scope,
// per community and per room; never the actor; never someone who blocked or muted the actor, or
// whom the actor blocked; only members the event's room admits), records one row each, tells their
// open pages and meetings, and mails those who chose "live" at once. The daily ones wait for the
// digest (digest.server.ts). A notification never fails the action that caused it: errors are logged.
import { Op, QueryTypes } from 'sequelize'
import { roomAccess } from '#models/room-access'
import { COMMUNITY_ROLES, type PermissionSlug } from '#models/permissions'
import {
  Brand,
  Membership,
  Notification,
  NotificationSetting,
  type Post,
  Room,
  RoomFollow,
  User,
  UserConnection,
} from '#models/index'
import { logger } from '../platform/logger.server'
import { shieldedFrom } from '../connections/visibility.server'
import type { NotificationKind, NotificationScope } from '#models/notification'
import { publishNotification } from './notification-events.server'
import { sendLiveNotification } from './notification-mail.server'
import { DEFAULT_FREQUENCY, DEFAULT_SCOPE, scopeWants, type NotificationReason } from './notification-rules'
import { describeNotifications } from './notification-items.server'

export type Audience = Array<{ userId: string; reason: NotificationReason }>

export type NotifyInput = {
  brandId: string
  kind: NotificationKind
  actorId: string | null
  detail?: string | null
  postId?: string | null
  roomId?: string | null
  audience: Audience
  /** Only active members of the community hear it: everything but news of one's own membership. */
  membersOnly?: boolean
  /** Only those this room admits hear it (a post's room). Its per-room settings apply. */
  room?: Room | null
}

const REASON_ORDER: NotificationReason[] = ['direct', 'adminPost', 'followed', 'any']

/** Each person once, with their most personal reason. */
function merge(audience: Audience, actorId: string | null): Map<string, NotificationReason> {
  const best = new Map<string, NotificationReason>()
  for (const { userId, reason } of audience) {
    if (userId === actorId) continue
    const current = best.get(userId)
    if (!current || REASON_ORDER.indexOf(reason) < REASON_ORDER.indexOf(current)) best.set(userId, reason)
  }
  return best
}

/** Effective scope and frequency per person: the room's override of the scope, else the community setting, else the defaults. */
async function settingsOf(brandId: string, userIds: string[], roomId: string | null) {
  const rows = await NotificationSetting.findAll({
    where: { brandId, userId: userIds, ...(roomId ? { [Op.or]: [{ roomId: null }, { roomId }] } : { roomId: null }) },
  })
  const result = new Map<string, { scope: NotificationScope; frequency: 'live' | 'daily' }>()
  for (const userId of userIds) {
    const community = rows.find((row) => row.userId === userId && row.roomId === null)
    const room = roomId ? rows.find((row) => row.userId === userId && row.roomId === roomId) : undefined
    result.set(userId, {
      scope: room?.scope ?? community?.scope ?? DEFAULT_SCOPE,
      frequency: community?.frequency ?? DEFAULT_FREQUENCY,
    })
  }
  return result
}

export async function notify(input: NotifyInput): Promise<Notification[]> {
  try {
    return await record(input)
  } catch (error) {
    logger.error({ err: error, kind: input.kind, brandId: input.brandId }, 'notifications not recorded')
    return []
  }
}

async function record(input: NotifyInput): Promise<Notification[]> {
  const { brandId, kind, actorId, room = null, membersOnly = true } = input
  const wanted = merge(input.audience, actorId)
  let ids = [...wanted.keys()]
  if (ids.length === 0) return []
  if (membersOnly) {
    const active = await Membership.findAll({
      attributes: ['userId'],
      where: { brandId, status: 'active', userId: ids },
    })
    const activeIds = new Set(active.map((row) => row.userId))
    ids = ids.filter((id) => activeIds.has(id))
  }
  if (room) {
    const brand = await Brand.findByPk(brandId, {
      attributes: ['id', 'topLevelRoomId', 'announcementsRoomId', 'publicAccess'],
    })
    if (!brand) return []
    // Active members hold access-community (every community role does); the room's own rule decides the rest.
    ids = ids.filter((userId) => roomAccess({ userId, hasCommunityAccess: membersOnly, room, brand }).ok)
  }
  if (actorId) {
    const shielded = await shieldedFrom(actorId, brandId, ids)
    ids = ids.filter((id) => !shielded.has(id))
  }
  if (ids.length === 0) return []
  const settings = await settingsOf(brandId, ids, room?.id ?? null)
  ids = ids.filter((id) => scopeWants(settings.get(id)!.scope, wanted.get(id)!))
  if (ids.length === 0) return []

  const users = await User.findAll({ where: { id: ids } })
  const byId = new Map(users.map((user) => [user.id, user]))
  const rows = await Notification.bulkCreate(
    users.map((user) => ({
      brandId,
      recipientId: user.id,
      actorId,
      kind,
      detail: input.detail ?? null,
      postId: input.postId ?? null,
      roomId: input.roomId ?? room?.id ?? null,
      // Someone who switched mail and SMS off (or has neither) reads it in the panel only.
      delivery: wantsMessages(user) ? settings.get(user.id)!.frequency : 'none',
    })),
  )
  const [items, community] = await Promise.all([
    describeNotifications(rows),
    Brand.findByPk(brandId, { attributes: ['name'] }),
  ])
  for (const row of rows) {
    const item = items.get(row.id)!
    publishNotification(row.recipientId, {
      brandId,
      kind,
      notificationId: row.id,
      detail: row.detail ?? null,
      actor: item.actorName,
      room: item.roomName,
      community: community?.name ?? null,
    })
  }
  await mailLive(
    rows.filter((row) => row.delivery === 'live'),
    byId,
    items,
  )
  return rows
}

function wantsMessages(user: User): boolean {
  return Boolean(
    (user.preferenceEmailNotifications && user.emailAddress) || (user.preferenceSmsNotifications && user.phoneNumber),
  )
}

/** Mails each live notification once: the row is claimed (mailedAt set) before the send, so no second sender sends it again. */
async function mailLive(
  rows: Notification[],
  users: Map<string, User>,
  items: Awaited<ReturnType<typeof describeNotifications>>,
) {
  if (rows.length === 0) return
  const brand = await Brand.findByPk(rows[0]!.brandId)
  if (!brand) return
  for (const row of rows) {
    const [claimed] = await Notification.update({ mailedAt: new Date() }, { where: { id: row.id, mailedAt: null } })
    if (claimed !== 1) continue
    try {
      await sendLiveNotification(users.get(row.recipientId)!, brand, items.get(row.id)!)
    } catch (error) {
      // The outbox row records the failure; the notification stays in the panel.
      logger.warn({ err: error, notificationId: row.id }, 'live notification not sent')
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Who hears of what: one function per event, each a single line at its call site.

/**
 * The events' functions never fail their caller: what they read before notify() (followers,
 * approvers) is as fallible as notify() itself, and the action that caused the event is saved.
 */
function guarded<A extends unknown[]>(
  fn: (...args: A) => Promise<Notification[]>,
): (...args: A) => Promise<Notification[]> {
  return (...args) =>
    fn(...args).catch((error: unknown) => {
      logger.error({ err: error, event: fn.name }, 'notifications not recorded')
      return []
    })
}

/** Active members holding a permission community-wide (the approvers of a request, the admins). */
export async function holdersOf(brandId: string, permission: PermissionSlug): Promise<string[]> {
  const rows = await Room.sequelize!.query<{ userId: string }>(
    `SELECT DISTINCT g.userId FROM role_grants g
       JOIN role_permissions rp ON rp.roleId = g.roleId
       JOIN permissions p ON p.id = rp.permissionId
       JOIN memberships m ON m.brandId = g.brandId AND m.userId = g.userId AND m.status = 'active'
     WHERE g.brandId = :brandId AND g.roomId IS NULL AND p.slug = :permission`,
    { type: QueryTypes.SELECT, replacements: { brandId, permission } },
  )
  return rows.map((row) => row.userId)
}

const everyone = (userIds: readonly string[], reason: NotificationReason): Audience =>
  userIds.map((userId) => ({ userId, reason }))

/**
 * A new post (published now, or when its schedule comes): the room's followers, those who follow
 * the author's posts, those whose setting for the room or the community asks for every post, and,
 * for an admin's post (or one in the announcements room), every member whose scope takes admin posts.
 */
async function notifyPostUnguarded(post: Post): Promise<Notification[]> {
  if (post.parentPostId || post.status !== 'published') return []
  const [brand, room] = await Promise.all([Brand.findByPk(post.brandId), Room.findByPk(post.contextRoomId)])
  if (!brand || !room) return []
  const [follows, connections, roomSettings, allSettings, admins] = await Promise.all([
    RoomFollow.findAll({ attributes: ['userId'], where: { roomId: room.id, postNotifications: true } }),
    UserConnection.findAll({
      attributes: ['userId'],
      where: { brandId: brand.id, connectedUserId: post.authorId, status: 'accepted', postNotifications: true },
    }),
    NotificationSetting.findAll({
      attributes: ['userId'],
      where: { brandId: brand.id, roomId: room.id, scope: ['all', 'posts'] },
    }),
    NotificationSetting.findAll({ attributes: ['userId'], where: { brandId: brand.id, roomId: null, scope: 'all' } }),
    holdersOf(brand.id, 'manage-community'),
  ])
  const adminPost = room.id === brand.announcementsRoomId || admins.includes(post.authorId)
  const members = adminPost
    ? await Membership.findAll({ attributes: ['userId'], where: { brandId: brand.id, status: 'active' } })
    : []
  return notify({
    brandId: brand.id,
    kind: 'post',
    actorId: post.authorId,
    postId: post.id,
    room,
    audience: [
      ...everyone(
        [...follows, ...connections, ...roomSettings].map((row) => row.userId),
        'followed',
      ),
      ...everyone(
        allSettings.map((row) => row.userId),
        'any',
      ),
      ...everyone(
        members.map((row) => row.userId),
        'adminPost',
      ),
    ],
  })
}

/** A comment tells the post's author; a reply tells the comment's author. */
async function notifyAnswerUnguarded(child: Post, parent: Post): Promise<Notification[]> {
  const room = await Room.findByPk(child.contextRoomId)
  return notify({
    brandId: child.brandId,
    kind: parent.parentPostId ? 'reply' : 'comment',
    actorId: child.authorId,
    postId: parent.parentPostId ?? parent.id,
    room,
    audience: [{ userId: parent.authorId, reason: 'direct' }],
  })
}

/** A connection asked for (tells the one asked) or accepted (tells the one who asked). */
export function notifyConnection(brandId: string, actorId: string, otherId: string, detail: 'requested' | 'accepted') {
  return notify({ brandId, kind: 'connection', detail, actorId, audience: [{ userId: otherId, reason: 'direct' }] })
}

/** Someone asked to join the community: those who approve members hear of it. */
async function notifyCommunityRequestUnguarded(brandId: string, userId: string) {
  return notify({
    brandId,
    kind: 'communityRequest',
    actorId: userId,
    audience: everyone(await holdersOf(brandId, 'approve-community-members'), 'direct'),
  })
}

/** A decision about someone's place in the community (approved, declined, removed, promoted, demoted): they hear of it, member or not. */
export function notifyMembership(
  brandId: string,
  userId: string,
  kind: Extract<NotificationKind, `community${string}`>,
  actorId: string | null,
) {
  return notify({
    brandId,
    kind,
    actorId,
    membersOnly: kind !== 'communityDecline' && kind !== 'communityDeletion',
    audience: [{ userId, reason: 'direct' }],
  })
}

/** The rank of someone's highest community role (lower is higher), from the editor's highest-first list. */
const rankOf = (roles: readonly string[]) =>
  Math.min(
    COMMUNITY_ROLES.length,
    ...roles.map((role) => COMMUNITY_ROLES.indexOf(role as never)).filter((index) => index >= 0),
  )

/** A member's community roles changed: a higher top role is a promotion, a lower one a demotion. */
export function notifyRoleChange(
  brandId: string,
  userId: string,
  before: readonly string[],
  after: readonly string[],
  actorId: string | null = null,
) {
  const [was, is] = [rankOf(before), rankOf(after)]
  if (was === is) return Promise.resolve([])
  return notifyMembership(brandId, userId, is < was ? 'communityPromotion' : 'communityDemotion', actorId)
}

/** Someone asked to join a group: its host and co-hosts, and those who manage the community's rooms. */
async function notifyGroupRequestUnguarded(room: Room, userId: string) {
  const runners = [room.hostId, ...(room.coHosts ?? [])].filter((id): id is string => Boolean(id))
  return notify({
    brandId: room.brandId,
    kind: 'groupRequest',
    actorId: userId,
    roomId: room.id,
    audience: everyone([...runners, ...(await holdersOf(room.brandId, 'manage-community-rooms'))], 'direct'),
  })
}

/** A decision about someone's place in a group (approved, declined, removed, promoted, demoted). */
export function notifyGroupMember(
  room: Room,
  userId: string,
  kind: Extract<NotificationKind, `group${string}`>,
  actorId: string | null,
) {
  return notify({ brandId: room.brandId, kind, actorId, roomId: room.id, audience: [{ userId, reason: 'direct' }] })
}

/** A new group: those who manage the community's rooms (it may wait for their approval), and members who want to hear of everything. */
async function notifyGroupCreatedUnguarded(room: Room, creatorId: string) {
  const [managers, allSettings] = await Promise.all([
    holdersOf(room.brandId, 'manage-community-rooms'),
    room.status === 'active'
      ? NotificationSetting.findAll({
          attributes: ['userId'],
          where: { brandId: room.brandId, roomId: null, scope: 'all' },
        })
      : [],
  ])
  return notify({
    brandId: room.brandId,
    kind: 'groupCreation',
    actorId: creatorId,
    roomId: room.id,
    audience: [
      ...everyone(managers, 'direct'),
      ...everyone(
        allSettings.map((row) => row.userId),
        'any',
      ),
    ],
  })
}

export const notifyPost = guarded(notifyPostUnguarded)
export const notifyAnswer = guarded(notifyAnswerUnguarded)
export const notifyCommunityRequest = guarded(notifyCommunityRequestUnguarded)
export const notifyGroupRequest = guarded(notifyGroupRequestUnguarded)
export const notifyGroupCreated = guarded(notifyGroupCreatedUnguarded)
