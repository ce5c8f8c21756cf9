// GET and POST /api/brand-tags.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { createTagCall, listTagsCall } from '#app/lib/api/tags-api.server'

export const loader = apiCall(listTagsCall)
export const action = byMethod({ POST: createTagCall })
