// What every JSON API call's schema reads the same way (browser-safe): record ids, pages, the
// community a call names. Messages are translation keys.
import { z } from 'zod'
import { recordId } from '../forms/record-id'

/** A page number from 0 (lists are paged from page 0), as a query string carries it. */
export const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'api:errors.badPage')
  .transform(Number)
  .optional()

/** The community a call names by id. */
export const brandQuery = { brandId: recordId('api:errors.missingCommunity') }
