// POST /resources/call-host (brand, room): the waiting room's "tell an absent host"
// (docs/meetings.md#waiting-room-and-calls).
// The meeting client rings the hosts through the edge, which sends no mail; right after, it asks
// here. Nothing of the client's is believed: its access is checked as on the room page, and the
// call, the host's absence and whether they were already told are read from the database
// (host-notice.server.ts), so asking twice or for someone else tells nobody anything more.
import type { ActionFunctionArgs } from '@remix-run/node'
import { notifyAbsentHost, ringingCallOf } from '#app/lib/calls/host-notice.server'
import { resourceReply, roomResourceAction } from '#app/lib/rooms/room-resource.server'

export const action = (args: ActionFunctionArgs) =>
  roomResourceAction(args, {}, async ({ claims }) => {
    const call = await ringingCallOf(claims.roomId, claims.userId)
    if (!call) return resourceReply({ error: 'not calling' }, 404)
    return resourceReply({ notified: (await notifyAbsentHost(call.id)).length > 0 })
  })

export function loader() {
  throw new Response(null, { status: 405 })
}
