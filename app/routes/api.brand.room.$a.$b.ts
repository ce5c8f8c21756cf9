// GET /api/brand/room/{a}/{b}: room {b} of community {a} (its link, `me` for the personal rooms), as
// GET /api/room/{slug} answers it. Two segments after /brand/, so it never meets /api/brand/{key}.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { brandRoomCall } from '#app/lib/api/profiles-api.server'

export const loader = apiCall(brandRoomCall)
export const action = methodNotAllowed
