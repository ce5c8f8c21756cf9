// GET /api/rooms/lookup/{slug}: whether a room link is had, and a free one close to it.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { lookupRoomCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(lookupRoomCall)
export const action = methodNotAllowed
