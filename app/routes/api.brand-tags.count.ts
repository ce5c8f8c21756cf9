// GET /api/brand-tags/count.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { countTagsCall } from '#app/lib/api/tags-api.server'

export const loader = apiCall(countTagsCall)
export const action = methodNotAllowed
