// GET /api/posts/comments/replies: a comment's replies, after lastPostId, limit (3) at a time.
import { apiCall } from '#app/lib/http/api.server'
import { listComments } from '#app/lib/api/posts-api.server'

export const loader = apiCall(listComments)
