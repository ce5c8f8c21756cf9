// Guards for one group's pages, in the manner of app/lib/http/guards.server.ts: they name what the
// page needs and throw the refusal's redirect (refusalLocation) when it is not there. The groups
// page's own permissions come first (access-community and access-community-groups).
import { redirect } from '@remix-run/node'
import { refusalLocation } from '../communities/access-refusal'
import { requireCommunityPage, type CommunityAccess, type GuardArgs } from '../http/guards.server'
import { type Room } from '#models/index'
import { groupStanding, mayRunGroup, type GroupStanding } from './group-rules'
import { findGroup } from './groups.server'

export type GroupAccess = CommunityAccess & { room: Room; standing: GroupStanding }

const here = (request: Request) => {
  const url = new URL(request.url)
  return url.pathname + url.search
}

/**
 * A group of the community the visitor may know of: an active one, or, for those who run it, one
 * in any state (a moderator's pending queue, a host's archived group). Anything else is "group
 * not found": a pending group is not there yet for the rest.
 */
export async function requireGroup(args: GuardArgs, slug: string | undefined): Promise<GroupAccess> {
  const access = await requireCommunityPage(args, 'groups')
  const room = await findGroup(access.brand, slug)
  const standing = groupStanding(room ?? { hostId: null, coHosts: [], members: [] }, access.user?.id ?? null)
  if (!room || (room.status !== 'active' && !mayRunGroup(standing, access.permissions))) {
    throw redirect(refusalLocation('groupNotFound', access.brand.slug, here(args.request)))
  }
  return { ...access, room, standing }
}

/** A group whose people the visitor runs (its host, a co-host, or someone who manages the community's rooms). */
export async function requireGroupRunner(
  args: GuardArgs,
  slug: string | undefined,
): Promise<GroupAccess & { user: NonNullable<CommunityAccess['user']> }> {
  const access = await requireGroup(args, slug)
  if (!access.user) throw redirect(refusalLocation('signInRequired', access.brand.slug, here(args.request)))
  if (!mayRunGroup(access.standing, access.permissions))
    throw redirect(refusalLocation('accessDenied', access.brand.slug, here(args.request)))
  return access as GroupAccess & { user: NonNullable<CommunityAccess['user']> }
}

/** A group someone signed in is looking at (the join dialog): a guest the admins let browse is asked to sign in first. */
export async function requireGroupVisitor(
  args: GuardArgs,
  slug: string | undefined,
): Promise<GroupAccess & { user: NonNullable<CommunityAccess['user']> }> {
  const access = await requireGroup(args, slug)
  if (!access.user) throw redirect(refusalLocation('signInRequired', access.brand.slug, here(args.request)))
  return access as GroupAccess & { user: NonNullable<CommunityAccess['user']> }
}
