// DELETE /api/upload/files/{id} (docs/api.md#media): the spec's name for deleting a media item, as DELETE /api/media/{id}.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { deleteMediaCall } from '#app/lib/api/media-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ DELETE: deleteMediaCall })
