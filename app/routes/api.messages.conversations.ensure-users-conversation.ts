// POST /api/messages/conversations/ensure-users-conversation: the product's other spelling of ensure-user-conversation.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { ensureConversationCall } from '#app/lib/api/messages-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: ensureConversationCall })
