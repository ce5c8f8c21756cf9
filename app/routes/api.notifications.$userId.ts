// GET /api/notifications/{userId}: one's own notifications.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { notificationsCall } from '#app/lib/api/notifications-api.server'

export const loader = apiCall(notificationsCall)
export const action = methodNotAllowed
