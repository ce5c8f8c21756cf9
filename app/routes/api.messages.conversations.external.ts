// POST /api/messages/conversations/external: a message to someone outside the community.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { sendExternalCall } from '#app/lib/api/messages-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: sendExternalCall })
