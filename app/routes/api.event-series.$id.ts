// GET, PUT and DELETE /api/event-series/{id}.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { deleteSeriesCall, getSeriesCall, updateSeriesCall } from '#app/lib/api/series-api.server'

export const loader = apiCall(getSeriesCall)
export const action = byMethod({ PUT: updateSeriesCall, DELETE: deleteSeriesCall })
