// PUT and DELETE /api/brand-tags/{id}.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { deleteTagCall, updateTagCall } from '#app/lib/api/tags-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: updateTagCall, DELETE: deleteTagCall })
