// What an API call made with a personal access token may do (docs/decisions/0021-api-tokens.md). The
// API's wrapper runs the call inside the token's cap; everything that reads permissions (permissionsHeld)
// or super-user powers (actsAsSuperUser) narrows what the owner holds to it, so every guard, page command
// and access rule the call reaches obeys the token without knowing about tokens. Outside a token's call
// (every page, a session's API call) there is no cap.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { TokenScope } from './api-token'
import type { PermissionSlug } from './permissions'
import type { User } from './user'

export type TokenCap = { user: User; scope: TokenScope; brandId: string | null }

const caps = new AsyncLocalStorage<TokenCap>()

/** Runs a token's call: whatever it reaches is capped. */
export const withTokenCap = <T>(cap: TokenCap, call: () => T): T => caps.run(cap, call)

/** The cap of the token call running now, or null outside one. */
export const tokenCap = (): TokenCap | null => caps.getStore() ?? null

/**
 * What only an admin-scoped token carries: running the community, its members and rooms, and power over
 * others' rooms and posts (moderation; an owner's or admin's edit-group-* everywhere). A host keeps their own
 * rooms at write scope: that comes from being the room's host or co-host, not from these.
 */
export const ADMIN_PERMISSIONS: ReadonlySet<PermissionSlug> = new Set<PermissionSlug>([
  'manage-community',
  'manage-community-members',
  'approve-community-members',
  'manage-community-owners',
  'manage-community-rooms',
  'moderate-community-posts',
  'use-developer-tools',
  'edit-group-room',
  'edit-group-posts',
])

/** What someone holds in a community, narrowed to the running token's community and scope. */
export function capPermissions(held: Set<PermissionSlug>, brandId: string): Set<PermissionSlug> {
  const cap = tokenCap()
  if (!cap) return held
  if (cap.brandId !== null && cap.brandId !== brandId) return new Set()
  if (cap.scope === 'admin') return held
  return new Set([...held].filter((permission) => !ADMIN_PERMISSIONS.has(permission)))
}

/**
 * Whether the running call holds all its person holds: no token, or an admin token for every community. What no
 * narrower token may do needs it: a super user's installation-wide powers, changing the account's own address.
 */
export function holdsEverything(): boolean {
  const cap = tokenCap()
  return !cap || (cap.scope === 'admin' && cap.brandId === null)
}

/** A super user's installation-wide powers: never through a token short of admin scope or kept to one community. */
export function actsAsSuperUser(user: Pick<User, 'isSuperUser'> | null | undefined): boolean {
  return Boolean(user?.isSuperUser) && holdsEverything()
}
