/**
 * A community's sign-up link, /{brand}/signup-{hash}. Remix has no partial dynamic segments, so the
 * room route recognises it by its room segment (shared by server and browser code).
 */
export const SIGNUP_PREFIX = 'signup-'

export const isSelfSignupRoom = (room: string | undefined) => Boolean(room?.startsWith(SIGNUP_PREFIX))

export const signupPath = (brandSlug: string, hash: string) => `/${brandSlug}/${SIGNUP_PREFIX}${hash}`
