// GET /api/user-notification-settings/followers?roomId&userId&page: who follows a room's posts.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { followersCall } from '#app/lib/api/notifications-api.server'

export const loader = apiCall(followersCall)
export const action = methodNotAllowed
