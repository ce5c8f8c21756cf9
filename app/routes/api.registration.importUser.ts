// POST /api/registration/importUser (docs/api.md#events-and-registration): one registration, as a row of the
// Members tab's CSV import.
import { byMethod, methodNotAllowed } from '#app/lib/http/api.server'
import { importUserCall } from '#app/lib/api/events-api.server'

export const loader = methodNotAllowed
export const action = byMethod({ POST: importUserCall })
