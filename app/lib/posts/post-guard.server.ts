// The guard for a post's address (`/{brand}/posts/{postId}`): the post the address names, with the
// viewer's rights in its room, or the redirect its refusal maps to (post-not-found, sign in,
// access denied). Same shape as the guards in app/lib/http/guards.server.ts.
import { redirect } from '@remix-run/node'
import { postAccess } from '#models/post-access'
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
