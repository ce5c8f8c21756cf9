// DELETE /api/post-reactions/{id}: one's own reaction.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { removeReactionCall } from '#app/lib/api/posts-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ DELETE: removeReactionCall })
