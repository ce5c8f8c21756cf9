// GET /api/brands/count.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { countBrandsCall } from '#app/lib/api/brands-api.server'

export const loader = apiCall(countBrandsCall)
export const action = methodNotAllowed
