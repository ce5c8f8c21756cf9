// The JSON API's form-definition calls (docs/api.md#forms), one schema per call.
// Browser-safe; messages are translation keys.
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { pageNumber } from './api.schema'

/** A form definition's id in the address: anything else is simply not found. */
export const FormDefinitionId = recordId('api:errors.notFound')

/** GET /forms/{id}/submissions with page (from 0). */
export const SubmissionsQuery = z.object({ page: pageNumber })
