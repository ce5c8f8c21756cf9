// PUT /api/drafts/{id} with draftPostTime (schedule), DELETE /api/drafts/{id}.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { deleteDraftCall, scheduleDraftCall } from '#app/lib/api/posts-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: scheduleDraftCall, DELETE: deleteDraftCall })
