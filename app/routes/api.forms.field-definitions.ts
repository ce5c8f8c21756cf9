// GET /api/forms/field-definitions.
import { apiCall } from '#app/lib/http/api.server'
import { fieldDefinitionsCall } from '#app/lib/api/form-definitions-api.server'

export const loader = apiCall(fieldDefinitionsCall)
