// A signed-in browser's session made as the app's sign-in makes it (app/lib/http/session.server.ts): a session row
// holding the identities and the current one, expiring with the cookie, and the `__session` cookie's value, the
// row's id signed with the server's SESSION_SECRET. The e2e fixture (support.ts) and the rehearsal sign people in
// with it; only the sign-in specs spend a code. The row goes to the database the models are bound to.
import { createCookie } from '@remix-run/node'
import { Session } from '#models/index'
import { IDENTITY_LIFETIME_MS, signedInData } from '../support/signed-in'

export const SESSION_COOKIE = '__session'

/** The `__session` cookie's value for a new session row of this user. */
export async function sessionRowCookie(userId: string, secret: string): Promise<string> {
  const now = Date.now()
  const session = await Session.create({
    data: signedInData([userId], now),
    expiresAt: new Date(now + IDENTITY_LIFETIME_MS),
  })
  const signed = await createCookie(SESSION_COOKIE, { secrets: [secret] }).serialize(session.id)
  return signed.split(';')[0]!.slice(`${SESSION_COOKIE}=`.length)
}
