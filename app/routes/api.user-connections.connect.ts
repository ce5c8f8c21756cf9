// POST /api/user-connections/connect: ask to connect.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { connectCall } from '#app/lib/api/connections-api.server'

export const loader = noReads
export const action = byMethod({ POST: connectCall })
