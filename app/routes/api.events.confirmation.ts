// POST /api/events/confirmation with room (docs/api.md#events-and-registration): one's own confirmation mailed again.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { resendConfirmationCall } from '#app/lib/api/registration-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: resendConfirmationCall })
