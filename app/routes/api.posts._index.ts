// GET /api/posts (a room's feed, or one post) and POST /api/posts (a post, comment or reply).
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { createPostCall, listPosts } from '#app/lib/api/posts-api.server'

export const loader = apiCall(listPosts)
export const action = byMethod({ POST: createPostCall })
