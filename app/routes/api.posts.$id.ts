// PUT and DELETE /api/posts/{id}.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { removePostCall, updatePostCall } from '#app/lib/api/posts-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: updatePostCall, DELETE: removePostCall })
