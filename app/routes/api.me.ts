// PUT /api/me (GET /api/users/me reads what it changes).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { meCall, updateMeCall } from '#app/lib/api/users-api.server'

export const loader = apiCall(meCall)
export const action = byMethod({ PUT: updateMeCall })
