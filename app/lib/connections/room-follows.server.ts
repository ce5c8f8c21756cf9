// Room follows (a user room connection: room, postNotifications; /user-room-connections):
// a member follows a room's posts. Only a room the member may enter can be followed: the same room
// rules as its page (models/access.ts), so a members-only group stays closed to outsiders.
import { checkAccess } from '#models/access'
import type { TranslationKey } from '../i18n/i18n'
import { RoomFollow, type Brand } from '#models/index'
import type { ConnectionOutcome } from './connections.server'

export async function followRoom(input: {
  brand: Brand
  userId: string
  roomSlug: string
  follow: boolean
}): Promise<ConnectionOutcome> {
  const { brand, userId, roomSlug, follow } = input
  // The product's thrown message for a call that names no room; the forms never get here without one.
  if (!roomSlug) throw new Error('Missing room ID')
  const access = await checkAccess({ brand, userId, room: { slug: roomSlug } })
  if (!access.ok || !access.room) {
    const error: TranslationKey = access.room ? 'connections:errors.roomDenied' : 'connections:errors.roomNotFound'
    return { ok: false, status: access.room ? 403 : 404, error }
  }
  const roomId = access.room.id
  if (follow) {
    const [, created] = await RoomFollow.findOrCreate({ where: { roomId, userId }, defaults: { roomId, userId } })
    return created
      ? { ok: true, flash: 'connections:flash.roomFollowed' }
      : { ok: false, status: 409, error: 'connections:errors.alreadyFollowingRoom' }
  }
  const count = await RoomFollow.destroy({ where: { roomId, userId } })
  return count > 0
    ? { ok: true, flash: 'connections:flash.roomUnfollowed' }
    : { ok: false, status: 404, error: 'connections:errors.notFollowingRoom' }
}

/** How many follow the room (GET /user-room-connections/followers/{room}). */
export function roomFollowerCount(roomId: string): Promise<number> {
  return RoomFollow.count({ where: { roomId } })
}

/** Whether the member follows the room: for a follow button's label. */
export async function followsRoom(userId: string, roomId: string): Promise<boolean> {
  return (await RoomFollow.count({ where: { roomId, userId } })) > 0
}

/** Which of these rooms the member follows: for a list of rooms with a follow button each. */
export async function followedRoomIds(userId: string, roomIds: readonly string[]): Promise<string[]> {
  if (roomIds.length === 0) return []
  const follows = await RoomFollow.findAll({ attributes: ['roomId'], where: { userId, roomId: [...roomIds] } })
  return follows.map((follow) => follow.roomId)
}

/** PUT /user-room-connections/{id}: whether the follower hears of the room's posts; only their own follow. Returns false when it is not theirs. */
export async function setRoomPostNotifications(
  userId: string,
  followId: string,
  postNotifications: boolean,
): Promise<boolean> {
  const [count] = await RoomFollow.update({ postNotifications }, { where: { id: followId, userId } })
  return count > 0
}
