// GET /api/forms/{id}/definition.
import { apiCall } from '#app/lib/http/api.server'
import { formDefinitionCall } from '#app/lib/api/form-definitions-api.server'

export const loader = apiCall(formDefinitionCall)
