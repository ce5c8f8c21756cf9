import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { translatorFor } from '#app/lib/i18n/i18n.server'
import { pageLanguage } from '#app/lib/i18n/page-language.server'
import { edgePassFor, passRefusal } from '#app/lib/rooms/meeting-pass.server'
import { resourceReply, roomResourceAction } from '#app/lib/rooms/room-resource.server'

/**
 * A fresh edge pass for a meeting client that reconnects (the page's pass lives 5 minutes). The
 * visitor's access is checked again exactly as the room page checks it, and the answer says which
 * edge hosts the meeting now (it moves when its edge dies). A client that lost its edge names it
 * (`unreachable`): when that edge owns the room, it is probed, and a dead one's meeting moves to a
 * live edge before the answer (without waiting for the registry's expiry).
 */
export const action = (args: ActionFunctionArgs) =>
  roomResourceAction(
    args,
    // The edge the client lost: only compared with the room's owner, never fetched as given.
    { unreachable: z.string().url().max(2048).optional() },
    async ({ claims, guestCookie }, { brand, unreachable }) => {
      const refused = await passRefusal(args.context)
      if (refused) {
        // In the room's community's language, as the room page would say it.
        const t = translatorFor(await pageLanguage({ request: args.request, params: { brand }, context: args.context }))
        const minutes = Math.ceil(refused.retryAfterSeconds / 60)
        return resourceReply(
          { error: 'too many requests', message: t('meeting:passLimit.message', { minutes }) },
          429,
          {
            'Retry-After': String(refused.retryAfterSeconds),
          },
        )
      }
      return resourceReply(
        await edgePassFor(claims, { unreachable }),
        200,
        guestCookie ? { 'Set-Cookie': guestCookie } : {},
      )
    },
  )

export function loader() {
  throw new Response(null, { status: 405 })
}
