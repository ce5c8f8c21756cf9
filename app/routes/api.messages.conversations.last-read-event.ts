// POST /api/messages/conversations/last-read-event with conversation.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { lastReadCall } from '#app/lib/api/messages-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: lastReadCall })
