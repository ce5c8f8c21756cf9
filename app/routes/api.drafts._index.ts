// GET /api/drafts with brandId: my drafts and scheduled posts.
import { apiCall } from '#app/lib/http/api.server'
import { listDrafts } from '#app/lib/api/posts-api.server'

export const loader = apiCall(listDrafts)
