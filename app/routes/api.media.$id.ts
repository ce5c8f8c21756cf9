// DELETE /api/media/{id}.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { deleteMediaCall } from '#app/lib/api/media-api.server'

export const loader = noReads
export const action = byMethod({ DELETE: deleteMediaCall })
