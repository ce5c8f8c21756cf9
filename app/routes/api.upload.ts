// POST /api/upload (docs/api.md#media): the spec's name for an upload into the media library, as POST /api/media.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { uploadMediaCall } from '#app/lib/api/media-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: uploadMediaCall })
