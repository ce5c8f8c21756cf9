// GET /api/brands.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { listBrandsCall } from '#app/lib/api/brands-api.server'

export const loader = apiCall(listBrandsCall)
export const action = methodNotAllowed
