import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { isRefusal } from '#app/lib/communities/access-refusal'
import { translatorFor } from '#app/lib/i18n/i18n.server'
import { pageLanguage } from '#app/lib/i18n/page-language.server'
import { edgePassFor, passRefusal, requireRoomSession } from '#app/lib/rooms/meeting-pass.server'
import { readForm } from '#app/lib/http/form-body.server'

const PassRequest = z.object({
  brand: z.string().min(1).max(64),
  room: z.string().min(1).max(64),
  // The edge the client lost: only compared with the room's owner, never fetched as given.
  unreachable: z.string().url().max(2048).optional(),
})

/**
 * A plain JSON Response: from a resource route Remix sends what `data()` wraps without its status
 * or headers, so refusals answered 200 and the pass lost its Cache-Control and guest cookie.
 */
function reply(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } })
}

/**
 * A fresh edge pass for a meeting client that reconnects (the page's pass lives 5 minutes). The
 * visitor's access is checked again exactly as the room page checks it, and the answer says which
 * edge hosts the meeting now (it moves when its edge dies). A client that lost its edge names it
 * (`unreachable`): when that edge owns the room, it is probed, and a dead one's meeting moves to a
 * live edge before the answer (without waiting for the registry's expiry).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = PassRequest.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return reply({ error: 'invalid request' }, 400)
  try {
    const { claims, guestCookie } = await requireRoomSession({ request, context, params: { brand: parsed.data.brand, room: parsed.data.room } })
    const refused = await passRefusal(context)
    if (refused) {
      // In the room's community's language, as the room page would say it.
      const t = translatorFor(await pageLanguage({ request, params: { brand: parsed.data.brand }, context }))
      const minutes = Math.ceil(refused.retryAfterSeconds / 60)
      return reply({ error: 'too many requests', message: t('meeting:passLimit.message', { minutes }) }, 429, {
        'Retry-After': String(refused.retryAfterSeconds),
      })
    }
    return reply(await edgePassFor(claims, { unreachable: parsed.data.unreachable }), 200, guestCookie ? { 'Set-Cookie': guestCookie } : {})
  } catch (thrown) {
    // The page answers these with redirects (room gone, access lost); a script needs a status.
    if (thrown instanceof Response) {
      const location = thrown.headers.get('Location') ?? ''
      const status = isRefusal(location) ? 403 : 404
      return reply({ error: status === 403 ? 'forbidden' : 'not found' }, status)
    }
    throw thrown
  }
}

export function loader() {
  throw new Response(null, { status: 405 })
}
