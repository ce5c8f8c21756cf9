// GET and PUT /api/user-notification-settings/{id}: one's own setting.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { settingCall, updateSettingCall } from '#app/lib/api/notifications-api.server'

export const loader = apiCall(settingCall)
export const action = byMethod({ PUT: updateSettingCall })
