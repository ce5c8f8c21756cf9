// Who may write a person's account (docs/security.md "Who may change what about a person"): the
// person, always, through /me/settings; a community only when it made the account for someone who
// had none (managedByBrandId) and that person has never signed in. Everything else a community
// keeps about a member (roles, tags, status, their room in it) is its own, not the account.
import type { User } from '#models/index'

export type AccountOwnership = Pick<User, 'managedByBrandId' | 'firstSignedInAt'>

/** Whether `brandId` may still fill in this account: it made it, and its person never signed in. */
export function communityMayFillIn(user: AccountOwnership, brandId: string): boolean {
  return user.managedByBrandId === brandId && !user.firstSignedInAt
}
