// GET, POST and PUT /api/forms/{formDefinitionId}/submission (docs/api.md#forms): the signed-in person's own answers.
import { apiCall, byMethod } from '#app/lib/http/api.server'
import { readSubmissionCall, saveSubmissionCall } from '#app/lib/api/registration-api.server'

export const loader = apiCall(readSubmissionCall)
export const action = byMethod({ POST: saveSubmissionCall, PUT: saveSubmissionCall })
