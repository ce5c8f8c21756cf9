// GET /api/user-connections (my connections) and POST /api/user-connections (ask to connect).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { connectCall, listConnectionsCall } from '#app/lib/api/connections-api.server'

export const loader = apiCall(listConnectionsCall)
export const action = byMethod({ POST: connectCall })
