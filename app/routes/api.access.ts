// GET /api/access (docs/api.md#access-and-roles): the access check, for anyone, about themselves.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { accessCall } from '#app/lib/api/access-api.server'

export const loader = apiCall(accessCall)
export const action = methodNotAllowed
