// PUT /api/profiles/{id}: one's own profile (the host profile's fields), as PUT /api/me changes it. Write only.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { updateProfileCall } from '#app/lib/api/profiles-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ PUT: updateProfileCall })
