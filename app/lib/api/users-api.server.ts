// The JSON API's calls about oneself (GET /users/me, PUT /me, GET /users-permissions/me/joined-rooms, GET
// /users/breakout/{room}/{user}; docs/api.md#you): the signed-in person's account and profile as /me/settings shows
// it, changed through that page's schema and command; their communities as the me screen lists them; where they are
// in a meeting's breakouts. Email and phone change only through their code (/me/settings, or /verify-otps/*).
import { z } from 'zod'
import { MeetingPeer, MeetingRoom, Room, type User } from '#models/index'
import { meetingRights } from '#models/access'
import { tokenCap } from '#models/token-cap'
import { checked, inCommunity, readBody, refuse, type ApiArgs } from '../http/api.server'
import { requireRoom, requireUser } from '../http/guards.server'
import { recordId } from '../forms/record-id'
import { ProfileSchema } from '../identity/profile.schema'
import { profileValues, updateProfile } from '../identity/profile.server'
import { userCommunities } from '../rooms/user-rooms.server'

/** The signed-in person's account and profile, as GET /users/me and a sign-in from an app answer it. */
export function selfView(user: User) {
  return {
    id: user.id,
    emailAddress: user.emailAddress,
    phoneNumber: user.phoneNumber,
    avatar: user.avatar,
    ...profileValues(user),
  }
}

/** GET /users/me: `{ ok, user }`, or 401. (No `jwt`: the call already carries a session or a token; an app gets one from POST /auth-otps/verify.) */
export async function meCall(args: ApiArgs) {
  return { ok: true, user: selfView(await requireUser(args)) }
}

/** PUT /me with the profile form's fields: those sent over the stored ones (a partial body changes only what it names). */
export async function updateMeCall(args: ApiArgs) {
  const user = await requireUser(args)
  const body = await readBody(args.request, z.object({}).passthrough())
  // Empty text is "none", as the form posts it (conform reads an empty field as missing).
  const merged = Object.entries({ ...profileValues(user), ...body }).filter(([, value]) => value !== '')
  await updateProfile(user, checked(ProfileSchema, { ...Object.fromEntries(merged), intent: 'profile' }))
  return { ok: true, user: selfView(user) }
}

/**
 * GET /users-permissions/me/joined-rooms: the communities one has a role in, with one's standing there and one's
 * personal rooms, as the me screen lists them. A token kept to one community answers that one only.
 */
export async function joinedRoomsCall(args: ApiArgs) {
  const user = await requireUser(args)
  const kept = tokenCap()?.brandId ?? null
  const communities = await userCommunities(user.id)
  return { communities: kept ? communities.filter((community) => community.id === kept) : communities }
}

/** GET /users/breakout/{room}/{user}: the room's id and the person's. */
const BreakoutParams = z.object({ room: recordId('api:rooms.roomNotFound'), user: recordId('api:errors.notFound') })

/**
 * GET /users/breakout/{room}/{user}: the breakout of the room's meeting the person is in now, `{ breakout: { id,
 * name } }`, or `{ breakout: null }` (the main room, or not in the meeting). One asks about oneself; the room's host
 * and co-hosts, who run its breakouts, about anyone. The edge writes who is where (media-edge/meeting-records.ts).
 */
export async function breakoutOfCall(args: ApiArgs) {
  const asker = await requireUser(args)
  const { room: roomId, user: userId } = checked(BreakoutParams, { room: args.params.a, user: args.params.b })
  const found = await Room.findByPk(roomId, { attributes: ['brandId', 'slug'] })
  if (!found) throw refuse(404, 'api:rooms.roomNotFound')
  // The room's own rules (as its page): who may not enter it learns nothing about who is in it.
  const { room, permissions } = await requireRoom(await inCommunity(args, found.brandId), found.slug)
  const { isHost, isCoHost } = meetingRights(asker.id, room, permissions)
  if (userId !== asker.id && !isHost && !isCoHost) throw refuse(403, 'api:errors.forbidden')
  const peer = await MeetingPeer.findOne({
    attributes: ['id'],
    where: { userId, leftAt: null },
    include: [
      {
        model: MeetingRoom,
        as: 'meetingRoom',
        attributes: ['id', 'name'],
        where: { roomId: room.id, type: 'breakout', endedAt: null },
        required: true,
      },
    ],
    order: [['joinedAt', 'DESC']],
  })
  const breakout = peer?.get('meetingRoom') as MeetingRoom | undefined
  return { breakout: breakout ? { id: breakout.id, name: breakout.name } : null }
}
