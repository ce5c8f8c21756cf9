// POST /resources/call-message (brand, room, body): from the waiting room, a message for the host
// who did not answer (call-message.server.ts). Access is checked as on the room page.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { isRefusal } from '#app/lib/communities/access-refusal'
import { leaveMessageForHost } from '#app/lib/calls/call-message.server'
import { readForm } from '#app/lib/http/form-body.server'
import { viewer } from '#app/lib/http/session.server'
import { requireRoomSession } from '#app/lib/rooms/meeting-pass.server'

const CallMessageRequest = z.object({ brand: z.string().min(1).max(64), room: z.string().min(1).max(64), body: z.string().max(20_000) })

const reply = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = CallMessageRequest.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return reply({ error: 'invalid request' }, 400)
  try {
    const { brand, room } = await requireRoomSession({ request, context, params: { brand: parsed.data.brand, room: parsed.data.room } })
    const { user } = await viewer(request, context)
    if (!user) return reply({ error: 'sign in' }, 401)
    const outcome = await leaveMessageForHost({ brand, room, sender: user, body: parsed.data.body })
    switch (outcome.kind) {
      case 'sent':
        return reply({ sent: true })
      case 'invalid':
        return reply({ error: 'invalid', fieldErrors: outcome.fieldErrors }, 400)
      case 'notMissed':
        return reply({ error: 'not missed' }, 409)
      case 'limited':
        return reply({ error: 'too many requests' }, 429)
      case 'failed':
        return reply({ error: 'failed' }, 500)
    }
  } catch (thrown) {
    if (thrown instanceof Response) {
      const status = isRefusal(thrown.headers.get('Location') ?? '') ? 403 : 404
      return reply({ error: status === 403 ? 'forbidden' : 'not found' }, status)
    }
    throw thrown
  }
}

export function loader() {
  throw new Response(null, { status: 405 })
}
