// GET /api/users-permissions/me/joined-rooms (docs/api.md#you): one's communities, standing and personal rooms.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { joinedRoomsCall } from '#app/lib/api/users-api.server'

export const loader = apiCall(joinedRoomsCall)
export const action = methodNotAllowed
