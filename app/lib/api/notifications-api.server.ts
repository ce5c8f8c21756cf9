// The JSON API's notification calls: one's own notifications (GET notifications/{userId}) and
// notification settings (by id, findByUserAndRoom, followerCount, followers, POST, PUT {id}).
// Everyone reads and writes only their own; follower lists are for those the room admits.
import { Op } from 'sequelize'
import { checkAccess, permissionsHeld } from '#models/access'
import { ID_PATTERN } from '#models/ids'
import { Brand, Notification, NotificationSetting, Room, RoomFollow, User } from '#models/index'
import { json, readBody, readQuery, refuse, type ApiArgs } from '../http/api.server'
import { requireUser } from '../http/guards.server'
import { NOTIFICATIONS_PAGE_SIZE } from '../notifications/notification-rules'
import { FollowersQuery, NewSetting, NotificationsQuery, SettingChange } from './notifications-api.schema'

const notFound = () => refuse(404, 'api:errors.notFound')
const forbidden = () => refuse(403, 'api:errors.forbidden')
const badRequest = () => refuse(400, 'api:errors.badRequest')

/** GET notifications/{userId}: one's own notifications, newest first, a page at a time from page 0, in one community (brandId) or all. */
export async function notificationsCall(args: ApiArgs) {
  const user = await requireUser(args)
  const userId = args.params.userId ?? ''
  if (!ID_PATTERN.test(userId)) throw notFound()
  if (userId !== user.id) throw forbidden()
  const { page = 0, brandId } = readQuery(args.request, NotificationsQuery)
  const rows = await Notification.findAll({
    where: { recipientId: user.id, ...(brandId ? { brandId } : {}) },
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    offset: page * NOTIFICATIONS_PAGE_SIZE,
    limit: NOTIFICATIONS_PAGE_SIZE + 1,
  })
  return {
    notifications: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((row) => ({
      id: row.id,
      brandId: row.brandId,
      kind: row.kind,
      detail: row.detail,
      actorId: row.actorId,
      postId: row.postId,
      roomId: row.roomId,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
  }
}

const present = (row: NotificationSetting) => ({
  id: row.id,
  brandId: row.brandId,
  userId: row.userId,
  roomId: row.roomId,
  frequency: row.frequency,
  scope: row.scope,
})

/** One's own setting by id: someone else's is forbidden, a missing one not found. */
async function ownSetting(settingId: string | undefined, user: User) {
  if (!settingId || !ID_PATTERN.test(settingId)) throw notFound()
  const row = await NotificationSetting.findByPk(settingId)
  if (!row) throw notFound()
  if (row.userId !== user.id) throw forbidden()
  return row
}

/** A room the caller may enter (the follower calls), with its community; 404 for an unknown one, 403 for one closed to them. */
async function admittedRoom(roomId: string | null, user: User) {
  if (!roomId || !ID_PATTERN.test(roomId)) throw badRequest()
  const room = await Room.findOne({ where: { id: roomId, deleted: { [Op.not]: true } } })
  const brand = room ? await Brand.findByPk(room.brandId) : null
  if (!room || !brand) throw notFound()
  if (!(await checkAccess({ brand, userId: user.id, room: { slug: room.slug } })).ok) throw forbidden()
  return { room, brand }
}

/** Whether the caller holds access-community in the community (a setting there is for its members). */
async function requireMember(brandId: string, user: User) {
  if (!(await Brand.count({ where: { id: brandId } }))) throw notFound()
  if (!(await permissionsHeld(user.id, brandId)).has('access-community')) throw forbidden()
}

/** GET user-notification-settings/{id}: one's own. */
export async function settingCall(args: ApiArgs) {
  return present(await ownSetting(args.params.id, await requireUser(args)))
}

/** PUT user-notification-settings/{id}: one's own, frequency and scope. */
export async function updateSettingCall(args: ApiArgs) {
  const user = await requireUser(args)
  const row = await ownSetting(args.params.id, user)
  return present(await row.update(await readBody(args.request, SettingChange)))
}

/** POST user-notification-settings: one's own for a community (brandId) or a room (roomId); again for the same place updates it. */
export async function createSettingCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, NewSetting)
  if (!body.brandId && !body.roomId) throw badRequest()
  const { roomId = null, frequency, scope } = body
  const brandId = roomId ? (await admittedRoom(roomId, user)).brand.id : body.brandId!
  await requireMember(brandId, user)
  if (body.brandId && body.brandId !== brandId) throw badRequest()
  const [row, created] = await NotificationSetting.findOrCreate({
    where: { brandId, userId: user.id, roomId },
    defaults: { brandId, userId: user.id, roomId },
  })
  await row.update({ ...(frequency ? { frequency } : {}), ...(scope ? { scope } : {}) })
  return json(present(row), created ? 201 : 200)
}

/** GET findByUserAndRoom?userId&roomId (or &brandId for the community's): one's own, or null when there is none. */
export async function findSettingCall(args: ApiArgs) {
  const user = await requireUser(args)
  const params = new URL(args.request.url).searchParams
  const userId = params.get('userId') ?? user.id
  if (!ID_PATTERN.test(userId)) throw badRequest()
  if (userId !== user.id) throw forbidden()
  const roomId = params.get('roomId')
  const brandId = params.get('brandId')
  if (roomId !== null) {
    if (!ID_PATTERN.test(roomId)) throw badRequest()
    const row = await NotificationSetting.findOne({ where: { userId, roomId } })
    return { setting: row ? present(row) : null }
  }
  if (!brandId || !ID_PATTERN.test(brandId)) throw badRequest()
  const row = await NotificationSetting.findOne({ where: { userId, brandId, roomId: null } })
  return { setting: row ? present(row) : null }
}

/** Who follows a room's posts: its followers, and those whose setting for the room asks for its posts, less those who switched it off. */
async function followerIds(roomId: string): Promise<string[]> {
  const [follows, settings] = await Promise.all([
    RoomFollow.findAll({ attributes: ['userId'], where: { roomId, postNotifications: true } }),
    NotificationSetting.findAll({ attributes: ['userId', 'scope'], where: { roomId } }),
  ])
  const off = new Set(settings.filter((row) => row.scope === 'off' || row.scope === 'replies').map((row) => row.userId))
  const on = settings
    .filter((row) => row.scope === 'all' || row.scope === 'posts' || row.scope === 'adminPosts')
    .map((row) => row.userId)
  return [...new Set([...follows.map((row) => row.userId), ...on])].filter((userId) => !off.has(userId)).sort()
}

/** GET followerCount?roomId: how many follow the room's posts. */
export async function followerCountCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { room } = await admittedRoom(new URL(args.request.url).searchParams.get('roomId'), user)
  return { roomId: room.id, count: (await followerIds(room.id)).length }
}

const FOLLOWERS_PAGE_SIZE = 30

/** GET followers?roomId&page (from 0; &userId: only whether that person follows). */
export async function followersCall(args: ApiArgs) {
  const user = await requireUser(args)
  const { page = 0, roomId = null, userId: only } = readQuery(args.request, FollowersQuery)
  const { room } = await admittedRoom(roomId, user)
  const ids = (await followerIds(room.id)).filter((userId) => only === undefined || userId === only)
  const shown = ids.slice(page * FOLLOWERS_PAGE_SIZE, (page + 1) * FOLLOWERS_PAGE_SIZE)
  const people = shown.length ? await User.findAll({ attributes: ['id', 'name', 'avatar'], where: { id: shown } }) : []
  const byId = new Map(people.map((person) => [person.id, person]))
  return {
    followers: shown.map((userId) => ({
      userId,
      name: byId.get(userId)?.name ?? null,
      avatar: byId.get(userId)?.avatar ?? null,
    })),
    page,
    hasMore: ids.length > (page + 1) * FOLLOWERS_PAGE_SIZE,
  }
}
