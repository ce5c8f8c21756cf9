// TURN credentials with coturn's shared-secret scheme (use-auth-secret / static-auth-secret):
// username = "<expiry unix seconds>:<user id>", credential = base64(HMAC-SHA1(secret, username)).
// coturn recomputes the HMAC and refuses the username once its expiry has passed, so nothing is
// stored and a leaked credential dies on its own.
import { createHmac } from 'node:crypto'
import type { IceServer } from './contract/media'

/** Long enough for a long meeting: the client fetches new ones only when it rejoins. */
export const TURN_CREDENTIAL_TTL_SECONDS = 12 * 60 * 60

export function turnCredentials(
  secret: string,
  userId: string,
  now = Date.now(),
  ttlSeconds = TURN_CREDENTIAL_TTL_SECONDS,
) {
  const username = `${Math.floor(now / 1000) + ttlSeconds}:${userId}`
  const credential = createHmac('sha1', secret).update(username).digest('base64')
  return { username, credential }
}

/** The ICE servers a peer's transports use: none (host candidates only) unless TURN is configured. */
export function iceServersFor(
  userId: string,
  turn: { urls: string[]; secret?: string },
  now = Date.now(),
): IceServer[] {
  if (!turn.urls.length || !turn.secret) return []
  return [{ urls: turn.urls, ...turnCredentials(turn.secret, userId, now) }]
}
