import { takeFlash } from '#app/lib/http/flash.server'
import { cookiePair } from './session'

/** The message a successful action's redirect carries to the next page (its `__flash` cookie), or null. */
export async function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('__flash='))
  if (!cookie) return null
  return (await takeFlash(new Request('http://localhost/', { headers: { Cookie: cookiePair(cookie) } }))).flash
}
