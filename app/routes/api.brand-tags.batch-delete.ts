// POST /api/brand-tags/batch-delete.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { batchDeleteTagsCall } from '#app/lib/api/tags-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: batchDeleteTagsCall })
