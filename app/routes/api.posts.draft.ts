// POST /api/posts/draft.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { createDraftCall } from '#app/lib/api/posts-api.server'

export const loader = noReads
export const action = byMethod({ POST: createDraftCall })
