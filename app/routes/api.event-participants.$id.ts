// GET /api/event-participants/{id} (spec §7): an event's participant by their first presence's id.
import { apiCall } from '#app/lib/http/api.server'
import { participantCall } from '#app/lib/api/events-api.server'

export const loader = apiCall(participantCall)
