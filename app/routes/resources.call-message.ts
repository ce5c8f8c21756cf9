// POST /resources/call-message (brand, room, body): from the waiting room, a message for the host
// who did not answer (call-message.server.ts). Access is checked as on the room page.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { leaveMessageForHost } from '#app/lib/calls/call-message.server'
import { resourceReply, roomResourceAction } from '#app/lib/rooms/room-resource.server'

export const action = (args: ActionFunctionArgs) =>
  roomResourceAction(args, { body: z.string().max(20_000) }, async ({ brand, room, user }, { body }) => {
    if (!user) return resourceReply({ error: 'sign in' }, 401)
    const outcome = await leaveMessageForHost({ brand, room, sender: user, body })
    switch (outcome.kind) {
      case 'sent':
        return resourceReply({ sent: true })
      case 'invalid':
        return resourceReply({ error: 'invalid', fieldErrors: outcome.fieldErrors }, 400)
      case 'notMissed':
        return resourceReply({ error: 'not missed' }, 409)
      case 'limited':
        return resourceReply({ error: 'too many requests' }, 429)
      case 'failed':
        return resourceReply({ error: 'failed' }, 500)
    }
  })

export function loader() {
  throw new Response(null, { status: 405 })
}
