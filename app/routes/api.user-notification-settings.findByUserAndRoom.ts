import { findByUserAndRoom, methodNotAllowed } from '#app/lib/notifications/notifications-api.server'

// GET /api/user-notification-settings/findByUserAndRoom?userId&roomId (community spec §7).
export const loader = findByUserAndRoom
export const action = methodNotAllowed
