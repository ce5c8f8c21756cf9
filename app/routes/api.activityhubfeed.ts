// GET /api/activityhubfeed with brandId and pageNumber: the community home's feed.
import { apiCall } from '#app/lib/http/api.server'
import { hubFeedCall } from '#app/lib/api/posts-api.server'

export const loader = apiCall(hubFeedCall)
