// POST /api/room/provision (docs/api.md#rooms): a person's account, membership and room in a community.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { provisionRoomCall } from '#app/lib/api/rooms-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: provisionRoomCall })
