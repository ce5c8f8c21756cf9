// PUT /api/user-connections/accept/{id}.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { acceptConnectionCall } from '#app/lib/api/connections-api.server'

export const loader = noReads
export const action = byMethod({ PUT: acceptConnectionCall })
