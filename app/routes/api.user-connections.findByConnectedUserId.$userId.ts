// GET /api/user-connections/findByConnectedUserId/{userId} with brandId, page and limit.
import { apiCall } from '#app/lib/http/api.server'
import { findByConnectedUserCall } from '#app/lib/api/connections-api.server'

export const loader = apiCall(findByConnectedUserCall)
