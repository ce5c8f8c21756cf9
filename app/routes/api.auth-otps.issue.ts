// POST /api/auth-otps/issue (docs/api.md#signing-in-from-an-app): a sign-in code to an account's email or phone.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { issueCodeCall } from '#app/lib/api/sign-in-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: issueCodeCall })
