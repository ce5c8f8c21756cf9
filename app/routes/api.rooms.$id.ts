// GET, PUT and DELETE /api/rooms/{id} (docs/api.md#rooms): read a room, edit it by the page that edits
// that kind of room, remove a group. The static segments (count, export, search, personal, lookup, batch)
// are routes of their own and win over {id}.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { deleteRoomCall, getRoomCall, updateRoomCall } from '#app/lib/api/rooms-api.server'

export const loader = apiCall(getRoomCall)
export const action = byMethod({ PUT: updateRoomCall, DELETE: deleteRoomCall })
