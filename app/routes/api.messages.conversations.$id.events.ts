// GET /api/messages/conversations/{id}/events with page.
import { apiCall } from '#app/lib/http/api.server'
import { conversationEventsCall } from '#app/lib/api/messages-api.server'

export const loader = apiCall(conversationEventsCall)
