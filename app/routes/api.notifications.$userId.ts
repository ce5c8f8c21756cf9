import { getNotifications, methodNotAllowed } from '#app/lib/notifications/notifications-api.server'

// GET /api/notifications/{userId} (community spec §7): one's own notifications.
export const loader = getNotifications
export const action = methodNotAllowed
