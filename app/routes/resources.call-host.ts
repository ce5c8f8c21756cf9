// POST /resources/call-host (brand, room): the waiting room's "tell an absent host" (core spec §7
// "Notifying a host"; "a start, cancel and miss call service also exists for the waiting room").
// The meeting client rings the hosts through the edge, which sends no mail; right after, it asks
// here. Nothing of the client's is believed: its access is checked as on the room page, and the
// call, the host's absence and whether they were already told are read from the database
// (host-notice.server.ts), so asking twice or for someone else tells nobody anything more.
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { isRefusal } from '#app/lib/communities/access-refusal'
import { notifyAbsentHost } from '#app/lib/calls/host-notice.server'
import { readForm } from '#app/lib/http/form-body.server'
import { RoomCall } from '#app/lib/platform/db.server'
import { requireRoomSession } from '#app/lib/rooms/meeting-pass.server'

const CallHostRequest = z.object({ brand: z.string().min(1).max(64), room: z.string().min(1).max(64) })

const reply = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store' } })

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = CallHostRequest.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return reply({ error: 'invalid request' }, 400)
  try {
    const { claims } = await requireRoomSession({ request, context, params: { brand: parsed.data.brand, room: parsed.data.room } })
    const call = await RoomCall.findOne({ where: { roomId: claims.roomId, callerId: claims.userId, status: 'calling' }, attributes: ['id'] })
    if (!call) return reply({ error: 'not calling' }, 404)
    return reply({ notified: (await notifyAbsentHost(call.id)).length > 0 })
  } catch (thrown) {
    // The page answers these with redirects (room gone, access lost); a script needs a status.
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
