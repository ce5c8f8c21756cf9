// Guards that throw (docs/decisions/0003-guards-and-access.md): a loader or action names what it
// needs, and gets it back typed, or the guard throws the redirect the access check's reason maps
// to. No loader or action repeats these checks by hand.
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node'
import { checkAccess, permissionsHeld, type Access } from '#models/access'
import type { CommunityPage, PermissionSlug } from '#models/permissions'
import { refusalLocation } from '../communities/access-refusal'
import { findBrand } from '../communities/brands.server'
import { type Brand, type Room, type User } from '#models/index'
import { once } from '../platform/request-cache.server'
import { viewer } from './session.server'

export type GuardArgs = { request: Request; params: LoaderFunctionArgs['params']; context: AppLoadContext }

/** What a passed community guard checked: the community, who is asking, and what they may do there. */
export type CommunityAccess = { brand: Brand; user: User | null; permissions: ReadonlySet<PermissionSlug> }

/** The address a refused visitor comes back to after signing in: this page, with its query. */
function here(request: Request): string {
  const url = new URL(request.url)
  return url.pathname + url.search
}

function refuse(access: Extract<Access, { ok: false }>, back: string): never {
  throw redirect(refusalLocation(access.reason, access.brand?.slug ?? null, back))
}

/** The signed-in user, or a redirect to sign in that comes back here afterwards. */
export async function requireUser({ request, context }: Pick<GuardArgs, 'request' | 'context'>): Promise<User> {
  const { user } = await viewer(request, context)
  if (user) return user
  throw redirect(`/sign-in?redirectTo=${encodeURIComponent(here(request))}`)
}

/** The community the address names (`me` is the main brand), or the community-not-found page. */
export async function requireCommunity({ params, context }: Pick<GuardArgs, 'params' | 'context'>): Promise<Brand> {
  const brand = await findBrand(context, params.brand)
  if (!brand) throw redirect('/community-not-found')
  return brand
}

/** Everything the current user may do in a community (or in one room of it), read once per request. */
export async function communityPermissions(
  args: Pick<GuardArgs, 'request' | 'context'>,
  brand: Pick<Brand, 'id'>,
  roomId: string | null = null,
) {
  const { user } = await viewer(args.request, args.context)
  return once(args.context, `permissions:${brand.id}:${roomId ?? ''}`, () =>
    permissionsHeld(user?.id, brand.id, roomId),
  )
}

async function communityAccess(
  args: GuardArgs,
  check: (brand: Brand, user: User | null, permissions: ReadonlySet<PermissionSlug>) => Promise<Access>,
): Promise<CommunityAccess> {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const permissions = await communityPermissions(args, brand)
  const access = await check(brand, user, permissions)
  if (!access.ok) refuse(access, here(args.request))
  return { brand, user, permissions }
}

/**
 * A community page of the product's route table (home, groups, members, tags…): every permission it
 * lists, or the guest access the admins allowed for it. Signed out → sign in (address kept);
 * signed in without it → access denied.
 */
export function requireCommunityPage(args: GuardArgs, page: CommunityPage): Promise<CommunityAccess> {
  return communityAccess(args, (brand, user, permissions) =>
    checkAccess({ brand, userId: user?.id ?? null, page, permissions }),
  )
}

/** Every one of these permissions in the community, with the same refusals as a page. */
export function requireCommunityPermission(
  args: GuardArgs,
  ...needed: PermissionSlug[]
): Promise<CommunityAccess & { user: User }> {
  return communityAccess(args, async (brand, user, permissions) => {
    if (needed.every((permission) => permissions.has(permission)))
      return { ok: true, userId: user?.id ?? null, brand, room: null, permissions }
    return { ok: false, reason: user ? 'accessDenied' : 'signInRequired', userId: user?.id ?? null, brand, room: null }
  }) as Promise<CommunityAccess & { user: User }>
}

/**
 * A room of the community (its meeting page, a group's or an event's page): the room rules
 * (models/room-access.ts). An unknown link → the room's, group's or event's not-found page.
 */
export async function requireRoom(
  args: GuardArgs,
  slug: string | undefined,
  { kind = 'room', back = here(args.request) }: { kind?: 'room' | 'group' | 'event'; back?: string } = {},
): Promise<CommunityAccess & { room: Room }> {
  const brand = await requireCommunity(args)
  const { user } = await viewer(args.request, args.context)
  const access = await checkAccess({ brand, userId: user?.id ?? null, room: { slug, kind } })
  if (!access.ok) refuse(access, back)
  return { brand, user, room: access.room!, permissions: access.permissions }
}

/** Any one of these permissions in the community (approving members: moderators or those who manage members), with the same refusals as a page. */
export function requireAnyCommunityPermission(
  args: GuardArgs,
  ...anyOf: readonly PermissionSlug[]
): Promise<CommunityAccess & { user: User }> {
  return communityAccess(args, async (brand, user, permissions) => {
    if (anyOf.some((permission) => permissions.has(permission)))
      return { ok: true, userId: user?.id ?? null, brand, room: null, permissions }
    return { ok: false, reason: user ? 'accessDenied' : 'signInRequired', userId: user?.id ?? null, brand, room: null }
  }) as Promise<CommunityAccess & { user: User }>
}
