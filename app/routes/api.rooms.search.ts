// GET /api/rooms/search: the admin search, leaving out rooms that carry any of excludeTags.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { searchRoomsCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(searchRoomsCall)
export const action = methodNotAllowed
