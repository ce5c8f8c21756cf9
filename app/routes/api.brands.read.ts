// GET /api/brands/read?query: public communities found by name, as the /communities page lists them. Its static
// segment wins over /api/brands/{id}: no community's id is "read" (ids are 36 characters).
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { findCommunitiesCall } from '#app/lib/api/profiles-api.server'

export const loader = apiCall(findCommunitiesCall)
export const action = methodNotAllowed
