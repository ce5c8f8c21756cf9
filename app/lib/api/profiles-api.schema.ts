// The query strings of the JSON API's people and profile calls (profiles-api.server.ts): browser-safe, messages
// are translation keys. PUT /profiles/{id}'s body is PUT /me's (the profile form's schema).
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { brandQuery, pageNumber } from './api.schema'

/** GET /users/{id}: the community whose members page shows the person. */
export const MemberQuery = z.object(brandQuery)

/** GET /profiles/type/room/{room}: the room's community (left out: the personal rooms under /me). */
export const HostProfileQuery = z.object({ brandId: recordId('api:errors.communityNotFound').optional() })

/** GET /brands/read: a part of the name (left out: every public community), and the page from 0. */
export const BrandSearchQuery = z.object({
  query: z.string().trim().max(100, 'api:calls.queryTooLong').default(''),
  pageNumber,
})
