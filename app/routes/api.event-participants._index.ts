// GET /api/event-participants?event=&user= (docs/api.md#events-and-registration): that person's participation in
// that event.
import { apiCall } from '#app/lib/http/api.server'
import { participantByQueryCall } from '#app/lib/api/events-api.server'

export const loader = apiCall(participantByQueryCall)
