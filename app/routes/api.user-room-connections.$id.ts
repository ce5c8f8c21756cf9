// PUT /api/user-room-connections/{id} with postNotifications.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { updateRoomConnectionCall } from '#app/lib/api/connections-api.server'

export const loader = noReads
export const action = byMethod({ PUT: updateRoomConnectionCall })
