// DELETE /api/media/{id}.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { deleteMediaCall } from '#app/lib/api/media-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ DELETE: deleteMediaCall })
