// POST /api/posts/draft.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { createDraftCall } from '#app/lib/api/posts-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: createDraftCall })
