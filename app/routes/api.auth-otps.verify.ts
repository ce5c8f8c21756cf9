// POST /api/auth-otps/verify (docs/api.md#signing-in-from-an-app): the code that arrived, answered with the account and a token.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { verifyCodeCall } from '#app/lib/api/sign-in-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: verifyCodeCall })
