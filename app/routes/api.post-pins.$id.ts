// PUT /api/post-pins/{id} with pinned and roomId.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { postPinCall } from '#app/lib/api/posts-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: postPinCall })
