import { sessionStorage } from '#app/lib/http/session.server'
import { signedInData } from './signed-in'

/**
 * A Cookie header for a browser signed in as these users (the first is current), made the way
 * the app makes one: a session row holding the identities.
 */
export async function signedInCookie(...userIds: string[]): Promise<string> {
  const session = await sessionStorage.getSession()
  const { identities, currentUserId } = signedInData(userIds)
  session.set('identities', identities)
  session.set('currentUserId', currentUserId)
  return cookiePair(await sessionStorage.commitSession(session))
}

/** The name=value part of a Set-Cookie header, as a browser sends it back. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0]!
}

/** What `data(value, init)` wraps, or the value itself: loaders may return either. */
export function unwrap<T>(result: T): T extends { data: infer D; init: unknown } ? D : T {
  const wrapped = result as { type?: string; data?: unknown }
  return (wrapped && wrapped.type === 'DataWithResponseInit' ? wrapped.data : result) as never
}

/** The status and headers `data(value, init)` carries (200 and none when it is a plain value). */
export function initOf(result: unknown): { status: number; headers: Headers } {
  const wrapped = result as { type?: string; init?: ResponseInit | null }
  const init = wrapped && wrapped.type === 'DataWithResponseInit' ? (wrapped.init ?? {}) : {}
  return { status: init.status ?? 200, headers: new Headers(init.headers) }
}
