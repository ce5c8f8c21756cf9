// GET /api/rooms (the admin rooms page's list) and POST /api/rooms (a group, as the new group wizard makes it).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { createRoomCall, listRoomsCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(listRoomsCall)
export const action = byMethod({ POST: createRoomCall })
