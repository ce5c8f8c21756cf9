// POST /api/messages/conversations/ensure-user-conversation with brandId and userId.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { ensureConversationCall } from '#app/lib/api/messages-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: ensureConversationCall })
