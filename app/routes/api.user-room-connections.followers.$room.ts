// GET /api/user-room-connections/followers/{room}: how many follow a room.
import { apiCall } from '#app/lib/http/api.server'
import { roomFollowersCall } from '#app/lib/api/connections-api.server'

export const loader = apiCall(roomFollowersCall)
