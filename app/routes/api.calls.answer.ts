// POST /api/calls/answer (core spec §7 Calls): returns the call.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { answerCallCall } from '#app/lib/api/calls-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: answerCallCall })
