import type { AccessReason } from '#models/access'

/** The product's brandAccessDenied route, under the community it names (`/{brand}/access-denied`). */
export const ACCESS_DENIED_SLUG = 'access-denied'

/** The access-denied page's note for a premium event that needs signing up (premium event access denied). */
export const PREMIUM_EVENT_NOTE = 'premium-event'

/**
 * Where each refusal of the access check (models/access.ts) sends a visitor, keeping the address
 * to come back to: a missing thing → its not-found page; a guest, who may still be a member → the
 * private page with its sign-in prompt; a signed-in person the community refused → access denied
 * (signing in again would change nothing).
 */
export function refusalLocation(reason: AccessReason, brandSlug: string | null, back: string): string {
  const redirectTo = `redirectTo=${encodeURIComponent(back)}`
  switch (reason) {
    case 'communityNotFound':
      return '/community-not-found'
    case 'roomNotFound':
      return `/${brandSlug}/room-not-found`
    case 'groupNotFound':
      return `/${brandSlug}/group-not-found`
    case 'eventNotFound':
      return `/${brandSlug}/event-not-found`
    case 'postNotFound':
      return `/${brandSlug}/post-not-found`
    case 'signInRequired':
      return `/private?${redirectTo}`
    case 'accessDenied':
      return `/${brandSlug}/${ACCESS_DENIED_SLUG}?${redirectTo}`
    case 'premiumEvent':
      return `/${brandSlug}/${ACCESS_DENIED_SLUG}?note=${PREMIUM_EVENT_NOTE}&${redirectTo}`
  }
}

/** Whether a redirect's location is a refusal (not a not-found page): a script is answered 403 for it. */
export function isRefusal(location: string): boolean {
  const { pathname } = new URL(location, 'http://hearth.invalid')
  return pathname === '/private' || pathname.endsWith(`/${ACCESS_DENIED_SLUG}`)
}
