// GET /api/brand/{id or slug}.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { getBrandByKeyCall } from '#app/lib/api/brands-api.server'

export const loader = apiCall(getBrandByKeyCall)
export const action = methodNotAllowed
