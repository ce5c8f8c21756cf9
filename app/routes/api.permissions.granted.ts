// GET /api/permissions/granted: which of the named permissions the caller holds in a community (or a room).
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { grantedCall } from '#app/lib/api/access-api.server'

export const loader = apiCall(grantedCall)
export const action = methodNotAllowed
