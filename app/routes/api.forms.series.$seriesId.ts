// GET /api/forms/series/{seriesId} (docs/api.md#forms).
import { apiCall } from '#app/lib/http/api.server'
import { seriesFormCall } from '#app/lib/api/form-definitions-api.server'

export const loader = apiCall(seriesFormCall)
