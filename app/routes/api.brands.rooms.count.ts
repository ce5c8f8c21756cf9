// GET /api/brands/rooms/count with brandId.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { countBrandRoomsCall } from '#app/lib/api/brands-api.server'

export const loader = apiCall(countBrandRoomsCall)
export const action = methodNotAllowed
