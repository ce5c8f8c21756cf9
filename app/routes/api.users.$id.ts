// GET /api/users/{id}?brandId: a person as the community's members page shows them. /api/users/me is a route of
// its own, and its static segment wins: nobody's id is "me" (ids are 36 characters).
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { memberCall } from '#app/lib/api/profiles-api.server'

export const loader = apiCall(memberCall)
export const action = methodNotAllowed
