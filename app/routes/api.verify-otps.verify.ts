// POST /api/verify-otps/verify (docs/api.md#you): the code that arrived: the new address becomes the account's.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { verifyContactCodeCall } from '#app/lib/api/contact-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: verifyContactCodeCall })
