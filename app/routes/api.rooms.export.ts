// GET /api/rooms/export: the admin rooms page's rooms as a CSV file.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { exportRoomsCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(exportRoomsCall)
export const action = methodNotAllowed
