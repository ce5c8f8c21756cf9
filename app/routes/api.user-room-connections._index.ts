// GET /api/user-room-connections (the rooms I follow), POST /api/user-room-connections (follow one).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { followRoomCall, followedRoomsCall } from '#app/lib/api/connections-api.server'

export const loader = apiCall(followedRoomsCall)
export const action = byMethod({ POST: followRoomCall })
