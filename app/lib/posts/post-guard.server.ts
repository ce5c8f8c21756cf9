// The guards of the posts' addresses: a post's (`/{brand}/posts/{postId}`), the post the address
// names with the viewer's rights in its room, or the redirect its refusal maps to (post-not-found,
// sign in, access denied); and a room's live feed stream, for whoever may read that feed. Same
// shape as the guards in app/lib/http/guards.server.ts.
import { redirect } from '@remix-run/node'
import { Op } from 'sequelize'
import { ID_PATTERN } from '#models/ids'
import { Room, type Brand } from '#models/index'
import { postAccess, roomRights, type PostRights } from '#models/post-access'
import { refusalLocation } from '../communities/access-refusal'
import { requireCommunity, type GuardArgs } from '../http/guards.server'
import { viewer } from '../http/session.server'

export async function requirePost(args: GuardArgs, postId = args.params.postId) {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const access = await postAccess(brand, user?.id ?? null, postId)
  if (!access.ok) {
    const url = new URL(args.request.url)
    throw redirect(refusalLocation(access.reason, brand.slug, url.pathname + url.search))
  }
  return { brand, user, post: access.post, room: access.room, rights: access.rights, permissions: access.permissions }
}

/** A live room of the community and the person's post rights in it, or null when the community has no such room. */
export async function roomPostRights(
  brand: Brand,
  userId: string | null,
  roomId: string,
): Promise<{ room: Room; rights: PostRights } | null> {
  const room = await Room.findOne({
    where: { id: roomId, brandId: brand.id, status: 'active', deleted: { [Op.not]: true } },
  })
  return room ? { room, rights: (await roomRights(userId, brand, room)).rights } : null
}

/**
 * The right to post in a room, the one rule: the composer asks it, and, since publishing now or
 * later is posting, so do saving a draft, scheduling it, publishing it now and the scheduler when
 * it comes due (a membership, a role or the room can change in between). An archived member holds
 * no community permission (permissionsHeld), a room gone or closed finds nothing.
 */
export async function mayPostIn(brand: Brand, userId: string, roomId: string): Promise<boolean> {
  return (await roomPostRights(brand, userId, roomId))?.rights.post ?? false
}

/**
 * A room's feed for its live stream (`/{brand}/feed/live?room=`): the rule the feed pages read it
 * by (postRights' read: whoever the room admits, and anyone on a hub the admins made public). A
 * stream has no page to redirect to: an unknown room is a 404, a feed the viewer may not read a 403.
 */
export async function requireFeedRoom(args: GuardArgs, roomId: string | null) {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const room =
    roomId && ID_PATTERN.test(roomId)
      ? await Room.findOne({ where: { id: roomId, brandId: brand.id, status: 'active', deleted: { [Op.not]: true } } })
      : null
  if (!room) throw new Response('Not found', { status: 404 })
  if (!(await roomRights(user?.id ?? null, brand, room)).rights.read) throw new Response('Forbidden', { status: 403 })
  return { brand, user, room }
}
