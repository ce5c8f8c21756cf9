// GET /api/user-notification-settings/findByUserAndRoom?userId&roomId (or &brandId): one's own setting there.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { findSettingCall } from '#app/lib/api/notifications-api.server'

export const loader = apiCall(findSettingCall)
export const action = methodNotAllowed
