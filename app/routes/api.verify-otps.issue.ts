// POST /api/verify-otps/issue (docs/api.md#you): a code to prove a new email address or mobile phone for one's account.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { issueContactCodeCall } from '#app/lib/api/contact-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: issueContactCodeCall })
