// POST /api/registration/importUser (spec §7): one registration, as a row of the Members tab's CSV import.
import { byMethod, noReads } from '#app/lib/http/api.server'
import { importUserCall } from '#app/lib/api/events-api.server'

export const loader = noReads
export const action = byMethod({ POST: importUserCall })
