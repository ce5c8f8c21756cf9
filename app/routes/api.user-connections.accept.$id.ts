// PUT /api/user-connections/accept/{id}.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { acceptConnectionCall } from '#app/lib/api/connections-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: acceptConnectionCall })
