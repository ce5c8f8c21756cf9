// The JSON calls of community spec §7 "Notifications": GET notifications/{userId} and the user
// notification settings (by id, findByUserAndRoom, followerCount, followers, POST, PUT {id}). The
// session cookie says who calls; everyone reads and writes only their own notifications and
// settings; follower lists are for those the room admits. Errors are `{ error, message }` with 400,
// 401, 403 or 404, as the rest of /api answers.
import { Op } from 'sequelize'
import { z } from 'zod'
import { checkAccess, permissionsHeld } from '#models/access'
import { ID_PATTERN } from '#models/ids'
import { NOTIFICATION_FREQUENCIES, NOTIFICATION_SCOPES } from '#models/notification'
import { Brand, Notification, NotificationSetting, Room, RoomFollow, User } from '../platform/db.server'
import { recordId } from '../forms/record-id'
import { pageNumber } from '../api/api.schema'
import {
  apiCall as call,
  json,
  noReads,
  readBody,
  readQuery,
  refuse as refuseWith,
  type ApiArgs,
} from '../http/api.server'
import { requireUser } from '../http/guards.server'
import { NOTIFICATIONS_PAGE_SIZE } from './notification-rules'

type Code = 'badRequest' | 'unauthorized' | 'forbidden' | 'notFound' | 'methodNotAllowed'
const STATUS: Record<Code, number> = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
}
const refuse = (code: Code) => refuseWith(STATUS[code], `api:errors.${code}`)

/** A call for the signed-in person, through the API's one wrapper (app/lib/http/api.server.ts). */
function apiCall(handler: (args: ApiArgs, user: User) => Promise<unknown>) {
  return call(async (args) => handler(args, await requireUser(args)))
}

/** The routes answer only the methods they have; noReads is the API's 405. */
export const methodNotAllowed = noReads

const id = recordId('api:errors.badRequest')
const query = (args: ApiArgs) => new URL(args.request.url).searchParams
/** Pages count from 0, as every list of the API does (app/lib/api/api.schema.ts). */
const NotificationsQuery = z.object({ page: pageNumber, brandId: id.optional() })
const FollowersQuery = z.object({ page: pageNumber, roomId: z.string().optional(), userId: id.optional() })

/** GET notifications/{userId}: one's own notifications, newest first, a page at a time from page 0, in one community (brandId) or all. */
export const getNotifications = apiCall(async (args, user) => {
  const userId = args.params.userId ?? ''
  if (!ID_PATTERN.test(userId)) throw refuse('notFound')
  if (userId !== user.id) throw refuse('forbidden')
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
})

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
  if (!settingId || !ID_PATTERN.test(settingId)) throw refuse('notFound')
  const row = await NotificationSetting.findByPk(settingId)
  if (!row) throw refuse('notFound')
  if (row.userId !== user.id) throw refuse('forbidden')
  return row
}

/** A room the caller may enter (the follower calls), with its community; 404 for an unknown one, 403 for one closed to them. */
async function admittedRoom(roomId: string | null, user: User) {
  if (!roomId || !ID_PATTERN.test(roomId)) throw refuse('badRequest')
  const room = await Room.findOne({ where: { id: roomId, deleted: { [Op.not]: true } } })
  const brand = room ? await Brand.findByPk(room.brandId) : null
  if (!room || !brand) throw refuse('notFound')
  if (!(await checkAccess({ brand, userId: user.id, room: { slug: room.slug } })).ok) throw refuse('forbidden')
  return { room, brand }
}

/** Whether the caller holds access-community in the community (a setting there is for its members). */
async function requireMember(brandId: string, user: User) {
  if (!(await Brand.count({ where: { id: brandId } }))) throw refuse('notFound')
  if (!(await permissionsHeld(user.id, brandId)).has('access-community')) throw refuse('forbidden')
}

export const getSetting = apiCall(async (args, user) => present(await ownSetting(args.params.id, user)))

const SettingChange = z
  .object({ frequency: z.enum(NOTIFICATION_FREQUENCIES).optional(), scope: z.enum(NOTIFICATION_SCOPES).optional() })
  .strict()
const NewSetting = SettingChange.extend({ brandId: id.optional(), roomId: id.nullable().optional() }).strict()

/** PUT user-notification-settings/{id}: one's own, frequency and scope. */
export const putSetting = apiCall(async (args, user) => {
  const row = await ownSetting(args.params.id, user)
  return present(await row.update(await readBody(args.request, SettingChange)))
})

/** POST user-notification-settings: one's own for a community (brandId) or a room (roomId); again for the same place updates it. */
export const postSetting = apiCall(async (args, user) => {
  const body = await readBody(args.request, NewSetting)
  if (!body.brandId && !body.roomId) throw refuse('badRequest')
  const { roomId = null, frequency, scope } = body
  const brandId = roomId ? (await admittedRoom(roomId, user)).brand.id : body.brandId!
  await requireMember(brandId, user)
  if (body.brandId && body.brandId !== brandId) throw refuse('badRequest')
  const [row, created] = await NotificationSetting.findOrCreate({
    where: { brandId, userId: user.id, roomId },
    defaults: { brandId, userId: user.id, roomId },
  })
  await row.update({ ...(frequency ? { frequency } : {}), ...(scope ? { scope } : {}) })
  return json(present(row), created ? 201 : 200)
})

/** GET findByUserAndRoom?userId&roomId (or &brandId for the community's): one's own, or null when there is none. */
export const findByUserAndRoom = apiCall(async (args, user) => {
  const params = query(args)
  const userId = params.get('userId') ?? user.id
  if (!ID_PATTERN.test(userId)) throw refuse('badRequest')
  if (userId !== user.id) throw refuse('forbidden')
  const roomId = params.get('roomId')
  const brandId = params.get('brandId')
  if (roomId !== null) {
    if (!ID_PATTERN.test(roomId)) throw refuse('badRequest')
    const row = await NotificationSetting.findOne({ where: { userId, roomId } })
    return { setting: row ? present(row) : null }
  }
  if (!brandId || !ID_PATTERN.test(brandId)) throw refuse('badRequest')
  const row = await NotificationSetting.findOne({ where: { userId, brandId, roomId: null } })
  return { setting: row ? present(row) : null }
})

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

export const followerCount = apiCall(async (args, user) => {
  const { room } = await admittedRoom(query(args).get('roomId'), user)
  return { roomId: room.id, count: (await followerIds(room.id)).length }
})

const FOLLOWERS_PAGE_SIZE = 30

/** GET followers?roomId&page (from 0; &userId: only whether that person follows). */
export const followers = apiCall(async (args, user) => {
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
})
