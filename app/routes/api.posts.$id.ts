// PUT and DELETE /api/posts/{id}.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { removePostCall, updatePostCall } from '#app/lib/api/posts-api.server'

export const loader = noReads
export const action = byMethod({ PUT: updatePostCall, DELETE: removePostCall })
