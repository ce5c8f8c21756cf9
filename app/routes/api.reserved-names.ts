// POST /api/reserved-names (docs/api.md#rooms): sets room links aside so that nobody can take them.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { reserveNamesCall } from '#app/lib/api/rooms-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: reserveNamesCall })
