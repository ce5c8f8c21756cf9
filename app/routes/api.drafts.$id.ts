// PUT /api/drafts/{id} with draftPostTime (schedule), DELETE /api/drafts/{id}.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { deleteDraftCall, scheduleDraftCall } from '#app/lib/api/posts-api.server'

export const loader = noReads
export const action = byMethod({ PUT: scheduleDraftCall, DELETE: deleteDraftCall })
