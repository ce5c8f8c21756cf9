// GET /api/event-participants/{id} (docs/api.md#events-and-registration): an event's participant by their first
// presence's id.
import { apiCall } from '#app/lib/http/api.server'
import { participantCall } from '#app/lib/api/events-api.server'

export const loader = apiCall(participantCall)
