/** The spec's brandAccessDenied route, under the community it names (`/{brand}/access-denied`). */
export const ACCESS_DENIED_SLUG = 'access-denied'

/**
 * Where a community sends a visitor it refuses, keeping the address to come back to: a guest may
 * still be a member, so is asked to sign in (/private); a signed-in person is one the community
 * refused, and signing in again would change nothing, so gets the access-denied page (spec:
 * "unauthorized goes to access denied").
 */
export function refusalPath(brandSlug: string, signedIn: boolean, back: string): string {
  const redirectTo = `redirectTo=${encodeURIComponent(back)}`
  return signedIn ? `/${brandSlug}/${ACCESS_DENIED_SLUG}?${redirectTo}` : `/private?${redirectTo}`
}

/** Whether a redirect's location is one refusalPath made: a script is answered 403 for it. */
export function isRefusal(location: string): boolean {
  const { pathname } = new URL(location, 'http://hearth.invalid')
  return pathname === '/private' || pathname.endsWith(`/${ACCESS_DENIED_SLUG}`)
}
