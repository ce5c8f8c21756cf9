// POST /api/verify-otps/resend (docs/api.md#you): a new code for the same change.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { resendContactCodeCall } from '#app/lib/api/contact-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: resendContactCodeCall })
