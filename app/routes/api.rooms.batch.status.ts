// PUT /api/rooms/batch/status: the admin rooms page's batch change (status, ids, verified).
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { batchStatusCall } from '#app/lib/api/rooms-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: batchStatusCall })
