// GET /api/vl/{id} (docs/api.md#signing-in-from-an-app): spends a sign-in link, answered with a token.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { redeemLinkCall } from '#app/lib/api/sign-in-api.server'

export const loader = apiCall(redeemLinkCall)
export const action = methodNotAllowed
