// GET /api/users/me.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { meCall } from '#app/lib/api/users-api.server'

export const loader = apiCall(meCall)
export const action = methodNotAllowed
