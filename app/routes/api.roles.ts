// GET /api/roles: the role and permission catalogue.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { rolesCall } from '#app/lib/api/access-api.server'

export const loader = apiCall(rolesCall)
export const action = methodNotAllowed
