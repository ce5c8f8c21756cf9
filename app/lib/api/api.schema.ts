// What every JSON API call's schema reads the same way (browser-safe): record ids, pages, the
// community a call names. Messages are translation keys.
import { z } from 'zod'
import { RECORD_ID } from '../posts/post-rules'

/** A record id, or the given spec message when it is absent or not an id (a junk id never reaches a query). */
export const recordId = (message: string) => z.string({ required_error: message, invalid_type_error: message }).regex(RECORD_ID, message)

/** A page number from 0 (spec §9: lists are paged from page 0), as a query string carries it. */
export const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, 'api:errors.badPage')
  .transform(Number)
  .optional()

/** The community a call names by id. */
export const brandQuery = { brandId: recordId('api:errors.missingCommunity') }
