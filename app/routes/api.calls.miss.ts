// POST /api/calls/miss (docs/api.md#calls): returns the call.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { missCallCall } from '#app/lib/api/calls-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: missCallCall })
