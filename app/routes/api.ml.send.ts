// POST /api/ml/send (docs/api.md#sign-in-links-for-members): sign-in links to a community's members.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { sendMagicLinksCall } from '#app/lib/api/magic-links-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: sendMagicLinksCall })
