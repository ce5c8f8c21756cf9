// PUT /api/posts/pinned/{id} with pinned.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { pinPostCall } from '#app/lib/api/posts-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: pinPostCall })
