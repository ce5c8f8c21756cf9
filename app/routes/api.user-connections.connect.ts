// POST /api/user-connections/connect: ask to connect.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { connectCall } from '#app/lib/api/connections-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: connectCall })
