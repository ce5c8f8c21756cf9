// GET /api/forms/{id}/submissions (those who manage the community's events).
import { apiCall } from '#app/lib/http/api.server'
import { formSubmissionsCall } from '#app/lib/api/form-definitions-api.server'

export const loader = apiCall(formSubmissionsCall)
