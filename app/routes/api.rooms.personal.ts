// GET /api/rooms/personal: someone's personal rooms in a community, as the me screen lists them.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { personalRoomsCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(personalRoomsCall)
export const action = methodNotAllowed
