import { followers, methodNotAllowed } from '#app/lib/notifications/notifications-api.server'

// GET /api/user-notification-settings/followers?roomId&userId&page (community spec §7).
export const loader = followers
export const action = methodNotAllowed
