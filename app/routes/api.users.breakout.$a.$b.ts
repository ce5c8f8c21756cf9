// GET /api/users/breakout/{room}/{user} (docs/api.md#you): the breakout of a room's meeting a person is in now.
import { apiCall, methodNotAllowed } from '#app/lib/http/api.server'
import { breakoutOfCall } from '#app/lib/api/users-api.server'

export const loader = apiCall(breakoutOfCall)
export const action = methodNotAllowed
