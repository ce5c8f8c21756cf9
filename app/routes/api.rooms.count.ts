// GET /api/rooms/count: how many rooms the admin rooms page's search and filters find.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { countRoomsCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(countRoomsCall)
export const action = methodNotAllowed
