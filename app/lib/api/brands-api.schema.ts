// The JSON API's community calls (docs/api.md#communities): queries. PUT /brands/{id}'s body is the settings
// tab's own schema (app/lib/settings/community-settings.schema.ts). Browser-safe; messages are translation keys.
import { z } from 'zod'
import { brandQuery, pageNumber } from './api.schema'

/** GET /brands and /brands/count: the caller's communities, or (`all=true`, super users) every active one. */
export const BrandListQuery = z.object({
  all: z.enum(['true', 'false'], { errorMap: () => ({ message: 'api:errors.badRequest' }) }).optional(),
  pageNumber,
})

/** GET /brands/rooms/count. */
export const BrandRoomsCountQuery = z.object(brandQuery)
