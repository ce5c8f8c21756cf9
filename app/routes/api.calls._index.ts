// GET /api/calls with filter, query and page (docs/api.md#calls): the calls I made and those to my rooms.
import { apiCall } from '#app/lib/http/api.server'
import { listCallsCall } from '#app/lib/api/calls-api.server'

export const loader = apiCall(listCallsCall)
