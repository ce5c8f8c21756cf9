// The JSON API's connection calls (docs/api.md#connections), one schema per call.
// Browser-safe; messages are translation keys ("Missing connected user", "Missing room ID").
import { z } from 'zod'
import { CONTACTS_PER_PAGE, CONTACTS_QUERY_MAX } from '../connections/connection-rules'
import { recordId } from '../forms/record-id'
import { brandQuery, pageNumber } from './api.schema'

const flag = z
  .enum(['true', 'false', '1', '0'], { errorMap: () => ({ message: 'api:errors.badRequest' }) })
  .transform((value) => value === 'true' || value === '1')

/** GET /user-connections with query, favorite, page (deleted and admin are the admin console's, not offered here). */
export const ConnectionsQuery = z.object({
  ...brandQuery,
  query: z.string().max(CONTACTS_QUERY_MAX, 'api:errors.badRequest').optional(),
  favorite: flag.optional(),
  page: pageNumber,
})

/** GET /user-connections/followers with page. */
export const FollowersQuery = z.object({ ...brandQuery, page: pageNumber })

/** GET /user-connections/findByConnectedUserId/{userId} with page and limit (default 30). */
export const FindByUserQuery = z.object({
  ...brandQuery,
  page: pageNumber,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'api:errors.badLimit')
    .transform(Number)
    .refine((value) => value >= 1 && value <= CONTACTS_PER_PAGE, 'api:errors.badLimit')
    .optional(),
})

/** POST /user-connections and /user-connections/connect: ask to connect. */
export const ConnectBody = z.object({ ...brandQuery, connectedUserId: recordId('api:errors.missingConnectedUser') })

/** PUT /user-connections/{id}: my own flags on a connection. */
export const ConnectionFlagsBody = z.object({
  favorite: z.boolean({ invalid_type_error: 'api:errors.badRequest' }).optional(),
  postNotifications: z.boolean({ invalid_type_error: 'api:errors.badRequest' }).optional(),
})

/** The {id} of a user-connections or user-room-connections address; the {userId} of findByConnectedUserId. */
export const ConnectionId = recordId('api:errors.notFound')
export const ConnectedUserId = recordId('api:errors.missingConnectedUser')
export const RoomId = recordId('api:errors.missingRoomId')

/** GET /user-room-connections (the rooms I follow) and /user-room-connections/followers/{room}. */
export const RoomConnectionsQuery = z.object(brandQuery)

/** POST /user-room-connections: follow a room (its id). */
export const FollowRoomBody = z.object({
  room: RoomId,
  postNotifications: z.boolean({ invalid_type_error: 'api:errors.badRequest' }).optional(),
})

/** PUT /user-room-connections/{id}: whether I hear of the room's posts. */
export const RoomNotificationsBody = z.object({
  postNotifications: z.boolean({
    required_error: 'api:errors.badRequest',
    invalid_type_error: 'api:errors.badRequest',
  }),
})
