// POST /api/calls/miss (core spec §7 Calls): returns the call.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { missCallCall } from '#app/lib/api/calls-api.server'

export const loader = noReads
export const action = byMethod({ POST: missCallCall })
