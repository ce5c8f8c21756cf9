// The JSON API's media calls (docs/api.md#media), one schema per call.
// Browser-safe; messages are translation keys. The library's tabs are its types.
import { z } from 'zod'
import { MEDIA_TABS, type MediaTab } from '../media/media-rules'
import { recordId } from '../forms/record-id'
import { brandQuery, pageNumber } from './api.schema'

/** images, videos or files (the library's tabs), or the singular; images when absent. */
const type = z
  .string()
  .transform((value) => (value.endsWith('s') ? value : `${value}s`))
  .refine((value): value is MediaTab => (MEDIA_TABS as readonly string[]).includes(value), 'api:errors.badMediaType')
  .optional()
  .transform((value) => (value ?? 'images') as MediaTab)

/**
 * Whose library: a group's with roomId (context `group`, or `event` for an event's room), the
 * caller's own without (context `personal` or absent).
 */
const library = {
  context: z.enum(['personal', 'group', 'event']).optional(),
  roomId: z.string().max(36).optional(),
}

/** GET /media with brandId, type and page (from 0), and the library. */
export const MediaQuery = z.object({ ...brandQuery, type, page: pageNumber, ...library })

/** POST /media (multipart, its files in `files`): where it goes, in the query string, read before the body. */
export const UploadQuery = z.object({ ...brandQuery, type, ...library })

/** The {id} of a media/{id} address. */
export const MediaId = recordId('api:errors.notFound')
