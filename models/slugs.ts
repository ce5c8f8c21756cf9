/**
 * Community and room links: at least 2 characters, starting with a letter or digit,
 * then letters, digits, hyphens and underscores, lower case, so a link reads the same when typed.
 */
export const SLUG_RULE = /^[a-z0-9][a-z0-9_-]{1,63}$/

/** Top-level paths of the route table: a community cannot take one of these as its link. */
export const RESERVED_BRAND_SLUGS = new Set([
  'api',
  'admin',
  'brand',
  'build',
  'callback',
  'communities',
  'community-not-found',
  'connect',
  'connection-error',
  'dev',
  'directory',
  'embedded',
  'extension-uninstalled',
  'healthz',
  'home',
  'hub',
  'invitations',
  'kicked',
  'me',
  'ml',
  'private',
  'readyz',
  'register',
  'registered',
  'resources',
  'sign-in',
  'signup-error',
  'thank-you',
  'thanks',
  'unsupported-device',
  'uploads',
  'wait',
  'welcome-aboard',
])

/** Paths under /{brand}: a room cannot take one of these as its link. */
export const RESERVED_ROOM_SLUGS = new Set([
  'access-denied',
  'admin',
  'calls',
  'claimed',
  'contacts',
  'event-not-found',
  'event-series',
  'events',
  'group-not-found',
  'groups',
  'install',
  'join',
  'media',
  'members',
  'messages',
  'post-not-found',
  'posts',
  'private',
  'reserved',
  'room-not-found',
  'settings',
  'sign-in',
  'signin-error',
  'signup-successful',
  'subcommunities',
  'tags',
  'thank-you',
  'drafts',
  'transcripts',
])

export function normaliseSlug(value: string): string {
  return value.trim().toLowerCase()
}

export function isAvailableBrandSlug(slug: string): boolean {
  return SLUG_RULE.test(slug) && !RESERVED_BRAND_SLUGS.has(slug)
}

export function isAvailableRoomSlug(slug: string): boolean {
  return SLUG_RULE.test(slug) && !RESERVED_ROOM_SLUGS.has(slug) && !slug.startsWith('signup-')
}
