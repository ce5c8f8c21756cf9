// GET /api/events?brandId=&tab=&page= (docs/api.md#events-and-registration): the events page's tab;
// POST /api/events with brandId and the new-event form's fields.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { createEventCall, listEventsCall } from '#app/lib/api/events-api.server'

export const loader = apiCall(listEventsCall)
export const action = byMethod({ POST: createEventCall })
