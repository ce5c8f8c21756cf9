import { createCookie } from '@remix-run/node'
import { ID_PATTERN, newId } from '#models/ids'
import { env } from '../platform/env.server'

/**
 * A guest's meeting identity: one random id per browser, in a signed cookie, so a guest is the same
 * `guest:<id>` on every pass. The edge remembers a kick by that id, so a kicked guest who reloads
 * stays out like a kicked member. httpOnly and signed: a page script cannot read it, and a browser
 * cannot pick another guest's id. A framed room on another site gets no cookie (browsers keep
 * third-party cookies out) and so a new id per pass, as before.
 */
export const guestCookie = createCookie('__guest', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.isProduction,
  secrets: [env.SESSION_SECRET],
  maxAge: 365 * 24 * 3600,
})

/** The browser's guest id, and the Set-Cookie that gives it one when it had none (or a forged one). */
export async function guestIdentity(request: Request): Promise<{ userId: string; setCookie: string | null }> {
  const stored: unknown = await guestCookie.parse(request.headers.get('Cookie'))
  if (typeof stored === 'string' && ID_PATTERN.test(stored)) return { userId: `guest:${stored}`, setCookie: null }
  const id = newId()
  return { userId: `guest:${id}`, setCookie: await guestCookie.serialize(id) }
}
