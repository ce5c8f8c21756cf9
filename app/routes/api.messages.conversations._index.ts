// GET /api/messages/conversations with brandId and page; POST /api/messages/conversations (a new conversation, or a message in one).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { listConversationsCall, sendMessageCall } from '#app/lib/api/messages-api.server'

export const loader = apiCall(listConversationsCall)
export const action = byMethod({ POST: sendMessageCall })
