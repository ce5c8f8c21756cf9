// POST /api/auth-otps/resend (docs/api.md#signing-in-from-an-app): a new sign-in code for the same sign-in.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { resendCodeCall } from '#app/lib/api/sign-in-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: resendCodeCall })
