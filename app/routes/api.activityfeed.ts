// GET /api/activityfeed with brandId and pageNumber: every post of the community the viewer may read.
import { apiCall } from '#app/lib/http/api.server'
import { communityFeedCall } from '#app/lib/api/posts-api.server'

export const loader = apiCall(communityFeedCall)
