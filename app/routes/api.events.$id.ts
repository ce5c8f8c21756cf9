// GET, PUT and DELETE (archive) /api/events/{id}, {id} the event's room id (docs/api.md#events-and-registration).
// /api/events/confirmation is its own route: Remix ranks the static segment before {id}.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { archiveEventCall, getEventCall, updateEventCall } from '#app/lib/api/events-api.server'

export const loader = apiCall(getEventCall)
export const action = byMethod({ PUT: updateEventCall, DELETE: archiveEventCall })
