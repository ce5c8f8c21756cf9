// GET, PUT and DELETE /api/user-connections/{id}: one of my connections.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { connectionCall, deleteConnectionCall, updateConnectionCall } from '#app/lib/api/connections-api.server'

export const loader = apiCall(connectionCall)
export const action = byMethod({ PUT: updateConnectionCall, DELETE: deleteConnectionCall })
