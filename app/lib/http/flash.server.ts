// Flash messages ("Your changes were saved.", "Member Approved"…): a short-lived signed cookie of
// their own, set by the redirect that ends a successful action and taken (cleared) by the root
// loader of the next page, which shows it with or without JavaScript. No database write.
import { createCookie, redirect } from '@remix-run/node'
import { env } from '../platform/env.server'
import { FlashSchema, type Flash } from './flash'

export type { Flash }

const flashCookie = createCookie('__flash', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.isProduction,
  secrets: [env.SESSION_SECRET],
  // Long enough to survive the redirect, short enough that a message never greets a later visit.
  maxAge: 60,
})

/** The Set-Cookie header that carries a message to the next page. */
export async function flashHeader(flash: Flash): Promise<string> {
  return flashCookie.serialize(flash)
}

/** A redirect that shows a message on the page it lands on: `throw await redirectWithFlash('/x', { kind: 'success', message: 'members:flash.approved' })`. */
export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await flashHeader(flash))
  return redirect(to, { ...init, headers })
}

/** The message waiting for this request, if any, and the header that clears it once shown. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const cookieHeader = request.headers.get('Cookie')
  if (!cookieHeader?.includes('__flash=')) return { flash: null, headers: {} }
  const parsed = FlashSchema.safeParse(await flashCookie.parse(cookieHeader))
  const clear = { 'Set-Cookie': await flashCookie.serialize('', { maxAge: 0 }) }
  return { flash: parsed.success ? (parsed.data as Flash) : null, headers: clear }
}
