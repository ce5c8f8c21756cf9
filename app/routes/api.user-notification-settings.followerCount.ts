import { followerCount, methodNotAllowed } from '#app/lib/notifications/notifications-api.server'

// GET /api/user-notification-settings/followerCount?roomId (community spec §7).
export const loader = followerCount
export const action = methodNotAllowed
