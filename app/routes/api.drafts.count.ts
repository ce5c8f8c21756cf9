// GET /api/drafts/count with brandId.
import { apiCall } from '#app/lib/http/api.server'
import { countDrafts } from '#app/lib/api/posts-api.server'

export const loader = apiCall(countDrafts)
