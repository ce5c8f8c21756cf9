// GET /api/messages/conversations/unread-event-count with brandId.
import { apiCall } from '#app/lib/http/api.server'
import { unreadCountCall } from '#app/lib/api/messages-api.server'

export const loader = apiCall(unreadCountCall)
