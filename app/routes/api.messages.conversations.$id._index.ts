// GET /api/messages/conversations/{id}: one of my conversations.
import { apiCall } from '#app/lib/http/api.server'
import { conversationCall } from '#app/lib/api/messages-api.server'

export const loader = apiCall(conversationCall)
