// The JSON API's connection calls (docs/api.md#connections): the contacts drawer's guard
// (the community's members, never guests) and its commands (app/lib/connections), answered as
// JSON. A connection {id} is one of the caller's own rows; anyone else's is not found.
import { Room, RoomFollow, User, UserConnection } from '#models/index'
import { refuse, readBody, readQuery, inCommunity, json, type ApiArgs } from '../http/api.server'
import { requireCommunityPage, requireRoom, requireUser } from '../http/guards.server'
import type { PersonIntent } from '../connections/connection-rules'
import { performPersonAction, type ConnectionOutcome } from '../connections/connections.server'
import { followedRooms, listContacts, listFollowers } from '../connections/contacts.server'
import { followRoom, roomFollowerCount, setRoomPostNotifications } from '../connections/room-follows.server'
import {
  ConnectBody,
  ConnectedUserId,
  ConnectionFlagsBody,
  ConnectionId,
  ConnectionsQuery,
  FindByUserQuery,
  FollowersQuery,
  FollowRoomBody,
  RoomConnectionsQuery,
  RoomId,
  RoomNotificationsBody,
} from './connections-api.schema'

/** The contacts drawer's guard in the community a call names. */
async function contactsIn(args: ApiArgs, brandId: string) {
  const access = await requireCommunityPage(await inCommunity(args, brandId), 'drawer')
  return { brand: access.brand, user: access.user! }
}

/**
 * A connection as the API shows it (connectedUserId, invitationAccepted, invitationRejected, postNotifications,
 * favorite).
 */
async function shown(row: UserConnection) {
  const other =
    row.connectedUser ?? (await User.findByPk(row.connectedUserId, { attributes: ['id', 'name', 'avatar'] }))
  return {
    id: row.id,
    connectedUserId: row.connectedUserId,
    status: row.status,
    invitationAccepted: row.status === 'accepted',
    invitationRejected: row.status === 'rejected',
    favorite: row.favorite,
    postNotifications: row.postNotifications,
    connectedUser: { id: row.connectedUserId, name: other?.name ?? '', avatar: other?.avatar ?? null },
  }
}

function outcome(result: ConnectionOutcome) {
  if (!result.ok) throw refuse(result.status, result.error)
}

/** My row about that person, after a command changed it (null once it is gone). */
const myRow = (brandId: string, userId: string, otherId: string) =>
  UserConnection.findOne({ where: { brandId, userId, connectedUserId: otherId } })

/** One of my connections, by its id, under the drawer's guard of its community. */
async function myConnection(args: ApiArgs) {
  const user = await requireUser(args)
  const id = ConnectionId.safeParse(args.params.id)
  const row = id.success ? await UserConnection.findOne({ where: { id: id.data, userId: user.id } }) : null
  if (!row) throw refuse(404, 'api:errors.notFound')
  const { brand } = await contactsIn(args, row.brandId)
  return { brand, user, row }
}

/** GET /user-connections with query, favorite and page: my connections (favourites first, then by name). */
export async function listConnectionsCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, ConnectionsQuery)
  const { brand, user } = await contactsIn(args, query.brandId)
  return listContacts({
    brandId: brand.id,
    viewerId: user.id,
    query: (query.query ?? '').trim(),
    favorites: query.favorite ?? false,
    page: query.page ?? 0,
  })
}

/** GET /user-connections/followers with page: my connections who follow my posts. */
export async function listFollowersCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, FollowersQuery)
  const { brand, user } = await contactsIn(args, query.brandId)
  return listFollowers(brand.id, user.id, query.page ?? 0)
}

/** GET /user-connections/{id}. */
export async function connectionCall(args: ApiArgs) {
  const { row } = await myConnection(args)
  return { connection: await shown(row) }
}

async function run(brandId: string, actorId: string, intent: PersonIntent, otherId: string) {
  outcome(await performPersonAction({ brandId, actorId, intent, userId: otherId }))
}

/** PUT /user-connections/{id} with favorite and/or postNotifications: my own flags on an accepted connection. */
export async function updateConnectionCall(args: ApiArgs) {
  const { brand, user, row } = await myConnection(args)
  const body = await readBody(args.request, ConnectionFlagsBody)
  if (body.favorite !== undefined)
    await run(brand.id, user.id, body.favorite ? 'favorite' : 'unfavorite', row.connectedUserId)
  if (body.postNotifications !== undefined)
    await run(brand.id, user.id, body.postNotifications ? 'follow' : 'unfollow', row.connectedUserId)
  const now = await myRow(brand.id, user.id, row.connectedUserId)
  return { connection: await shown(now ?? row) }
}

/** What deleting my row means in its state: withdraw my request, decline theirs, or end the connection. */
const UNDO: Record<UserConnection['status'], PersonIntent | null> = {
  requested: 'withdraw',
  pending: 'reject',
  accepted: 'remove',
  rejected: null,
}

/** DELETE /user-connections/{id}. */
export async function deleteConnectionCall(args: ApiArgs) {
  const { brand, user, row } = await myConnection(args)
  const intent = UNDO[row.status]
  if (!intent) throw refuse(409, 'connections:errors.declined')
  await run(brand.id, user.id, intent, row.connectedUserId)
  return new Response(null, { status: 204 })
}

/** POST /user-connections and /user-connections/connect with brandId and connectedUserId: ask to connect. */
export async function connectCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, ConnectBody)
  const { brand, user } = await contactsIn(args, body.brandId)
  await run(brand.id, user.id, 'request', body.connectedUserId)
  const row = await myRow(brand.id, user.id, body.connectedUserId)
  return json({ connection: row ? await shown(row) : null }, 201)
}

/** PUT /user-connections/accept/{id}: accept the request this row of mine is waiting on. */
export async function acceptConnectionCall(args: ApiArgs) {
  const { brand, user, row } = await myConnection(args)
  await run(brand.id, user.id, 'accept', row.connectedUserId)
  const now = await myRow(brand.id, user.id, row.connectedUserId)
  return { connection: await shown(now ?? row) }
}

/** GET /user-connections/findByConnectedUserId/{userId}: my connection with that person, as a list of at most one. */
export async function findByConnectedUserCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, FindByUserQuery)
  const other = ConnectedUserId.safeParse(args.params.userId)
  if (!other.success) throw refuse(400, 'api:errors.missingConnectedUser')
  const { brand, user } = await contactsIn(args, query.brandId)
  const row = (query.page ?? 0) === 0 ? await myRow(brand.id, user.id, other.data) : null
  return { connections: row ? [await shown(row)] : [], page: query.page ?? 0 }
}

// ——— rooms ———

/** A room by id, under its community's room guard (the same rules as its page). */
async function roomNamed(args: ApiArgs, id: unknown) {
  const checked = RoomId.safeParse(id)
  if (!checked.success) throw refuse(400, 'api:errors.missingRoomId')
  const room = await Room.findOne({ attributes: ['brandId', 'slug'], where: { id: checked.data } })
  if (!room) throw refuse(404, 'api:errors.notFound')
  return requireRoom(await inCommunity(args, room.brandId), room.slug)
}

/** GET /user-room-connections: the rooms of the community I follow. */
export async function followedRoomsCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, RoomConnectionsQuery)
  const { brand, user } = await contactsIn(args, query.brandId)
  return { rooms: await followedRooms(brand.id, user.id) }
}

/** GET /user-room-connections/followers/{room}: how many follow a room I may enter. */
export async function roomFollowersCall(args: ApiArgs) {
  await requireUser(args)
  const { room } = await roomNamed(args, args.params.room)
  return { roomId: room.id, count: await roomFollowerCount(room.id) }
}

/** POST /user-room-connections with room (its id): follow it. */
export async function followRoomCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, FollowRoomBody)
  const { brand, room } = await roomNamed(args, body.room)
  await contactsIn(args, brand.id)
  outcome(await followRoom({ brand, userId: user.id, roomSlug: room.slug, follow: true }))
  const follow = await RoomFollow.findOne({ where: { roomId: room.id, userId: user.id }, rejectOnEmpty: true })
  if (body.postNotifications === false) await setRoomPostNotifications(user.id, follow.id, false)
  return json(
    {
      roomConnection: {
        id: follow.id,
        roomId: room.id,
        postNotifications: body.postNotifications ?? follow.postNotifications,
      },
    },
    201,
  )
}

/** PUT /user-room-connections/{id} with postNotifications: one of my follows. */
export async function updateRoomConnectionCall(args: ApiArgs) {
  const user = await requireUser(args)
  const id = ConnectionId.safeParse(args.params.id)
  const follow = id.success ? await RoomFollow.findOne({ where: { id: id.data, userId: user.id } }) : null
  if (!follow) throw refuse(404, 'api:errors.notFound')
  const body = await readBody(args.request, RoomNotificationsBody)
  await roomNamed(args, follow.roomId)
  await setRoomPostNotifications(user.id, follow.id, body.postNotifications)
  return { roomConnection: { id: follow.id, roomId: follow.roomId, postNotifications: body.postNotifications } }
}
