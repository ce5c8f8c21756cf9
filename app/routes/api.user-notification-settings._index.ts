// POST /api/user-notification-settings: one's own setting for a community or a room.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { createSettingCall } from '#app/lib/api/notifications-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: createSettingCall })
