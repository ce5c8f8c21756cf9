// GET /api/post-reactions with post, POST /api/post-reactions with post and emoji.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { addReactionCall, listReactions } from '#app/lib/api/posts-api.server'

export const loader = apiCall(listReactions)
export const action = byMethod({ POST: addReactionCall })
