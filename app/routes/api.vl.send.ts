// POST /api/vl/send (docs/api.md#signing-in-from-an-app): a link that signs in, to an account's email or phone.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { sendLinkCall } from '#app/lib/api/sign-in-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: sendLinkCall })
