// PUT /api/posts/pinned/{id} with pinned.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { pinPostCall } from '#app/lib/api/posts-api.server'

export const loader = noReads
export const action = byMethod({ PUT: pinPostCall })
