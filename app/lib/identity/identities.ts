/**
 * The signed-in identities a session holds (the account switcher), as pure data: the session
 * module stores them, and the test fixtures that sign people in build them the same way.
 */

/** How long a signed-in identity lasts without signing in again. */
export const IDENTITY_LIFETIME_MS = 30 * 24 * 3600 * 1000

/** One signed-in account of the account switcher. */
export type Identity = { userId: string; signedInAt: string; expiresAt: string }

/** An identity signed in at `now`. */
export function newIdentity(userId: string, now = Date.now()): Identity {
  return {
    userId,
    signedInAt: new Date(now).toISOString(),
    expiresAt: new Date(now + IDENTITY_LIFETIME_MS).toISOString(),
  }
}
