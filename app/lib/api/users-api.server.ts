// The JSON API's calls about oneself (GET /users/me, PUT /me, GET /users-permissions/me/joined-rooms;
// docs/api.md#you): the signed-in person's account and profile as /me/settings shows it, changed through that page's
// schema and command, and their communities as the me screen lists them. Email and phone change only through their
// code (/me/settings): a call cannot prove the new address is theirs.
import { z } from 'zod'
import type { User } from '#models/index'
import { tokenCap } from '#models/token-cap'
import { checked, readBody, type ApiArgs } from '../http/api.server'
import { requireUser } from '../http/guards.server'
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
