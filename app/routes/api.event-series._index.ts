// GET /api/event-series with brandId; POST /api/event-series with brandId and the series' fields.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { createSeriesCall, listSeriesCall } from '#app/lib/api/series-api.server'

export const loader = apiCall(listSeriesCall)
export const action = byMethod({ POST: createSeriesCall })
