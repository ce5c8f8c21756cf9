// GET /api/user-connections/followers with brandId and page.
import { apiCall } from '#app/lib/http/api.server'
import { listFollowersCall } from '#app/lib/api/connections-api.server'

export const loader = apiCall(listFollowersCall)
