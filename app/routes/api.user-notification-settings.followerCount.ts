// GET /api/user-notification-settings/followerCount?roomId: how many follow a room's posts.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { followerCountCall } from '#app/lib/api/notifications-api.server'

export const loader = apiCall(followerCountCall)
export const action = methodNotAllowed
