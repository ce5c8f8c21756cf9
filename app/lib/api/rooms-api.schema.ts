// The JSON API's room calls, one schema per call (browser-safe; messages are translation keys). The
// bodies of the writes are the pages' own schemas (own-room.server.ts, group.schema.ts, admin.schema.ts),
// read in rooms-api.server.ts; these are the query strings and the batch body.
import { z } from 'zod'
import type { RoomContext } from '#models/room'
import { ADMIN_ROOM_STATUSES, BatchRoomsSchema } from '../admin/admin.schema'
import { recordId } from '../forms/record-id'
import { brandQuery, pageNumber } from './api.schema'

/** The admin list's search, as long as the admin pages take it (listing.ts MAX_QUERY). */
const searchText = z.string().trim().max(100, 'api:calls.queryTooLong').default('')

const ROOM_CONTEXTS = ['personal', 'group', 'event'] as const satisfies readonly RoomContext[]

/** GET /rooms, /rooms/count and /rooms/export: the admin rooms page's search and filters. */
export const RoomsListQuery = z.object({
  ...brandQuery,
  query: searchText,
  status: z.enum(ADMIN_ROOM_STATUSES, { errorMap: () => ({ message: 'admin:errors.statusInvalid' }) }).optional(),
  context: z.enum(ROOM_CONTEXTS, { errorMap: () => ({ message: 'api:rooms.badContext' }) }).optional(),
  page: pageNumber,
})

/** The tag ids a query string names: `excludeTags=a,b` or `excludeTags=a&excludeTags=b` (readQuery keeps the last). */
const tagIds = z
  .string()
  .max(2000, 'api:rooms.badTags')
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(recordId('api:rooms.badTags')).max(50, 'api:rooms.badTags'))

/** GET /rooms/search: the admin search (brandId, query), leaving out rooms that carry any of `excludeTags`. */
export const RoomsSearchQuery = z.object({
  ...brandQuery,
  query: searchText,
  excludeTags: tagIds.default(''),
  page: pageNumber,
})

/** GET /rooms/personal: someone's personal rooms in a community (`userId` left out: one's own). */
export const PersonalRoomsQuery = z.object({
  ...brandQuery,
  userId: recordId('api:errors.badRequest').optional(),
})

/** GET /room/{slug} and GET /rooms/lookup/{slug}: the community (left out: the personal rooms under /me). */
export const SlugQuery = z.object({ brandId: recordId('api:errors.communityNotFound').optional() })

/**
 * PUT /rooms/batch/status: the rooms page's batch change (BatchRoomsSchema: status, ids, verified, with its
 * messages), with `verified` a JSON boolean where the page's form says yes or no.
 */
export const BatchStatusBody = z.preprocess(
  (body) => {
    const { verified, ...rest } = body as Record<string, unknown>
    return {
      ...rest,
      intent: 'batch',
      ...(verified === undefined ? {} : { verified: typeof verified === 'boolean' ? (verified ? 'yes' : 'no') : 0 }),
    }
  },
  z.intersection(z.object(brandQuery), BatchRoomsSchema),
)
