// GET /api/users-permissions/providers/enabled (docs/api.md#signing-in-from-an-app): the social sign-ins offered.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { providersCall } from '#app/lib/api/sign-in-api.server'

export const loader = apiCall(providersCall)
export const action = methodNotAllowed
