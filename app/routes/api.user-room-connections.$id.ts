// PUT /api/user-room-connections/{id} with postNotifications.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { updateRoomConnectionCall } from '#app/lib/api/connections-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: updateRoomConnectionCall })
