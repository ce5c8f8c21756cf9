// GET /api/room/{slug}: the room a link opens (type, community, host). /api/room/provision is a route of
// its own, and its static segment wins: a room whose link is "provision" is read by /api/rooms/{id}.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { loadRoomCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(loadRoomCall)
export const action = methodNotAllowed
