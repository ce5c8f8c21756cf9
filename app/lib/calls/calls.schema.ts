// The JSON API's calls (docs/api.md#calls: GET /calls with filter, query and page; POST
// /calls/start with roomId; cancel, answer, decline with an optional message, miss, each with
// callId), one schema each. Browser-safe; messages are translation keys.
import { z } from 'zod'
import { CALL_LIMITS } from '#edge/contract/protocol'
import { recordId } from '../forms/record-id'
import { pageNumber } from '../api/api.schema'

/** all: calls I made and calls to my rooms; made; received (to my rooms); missed (to my rooms, unanswered). */
export const CALL_FILTERS = ['all', 'made', 'received', 'missed'] as const
export type CallFilter = (typeof CALL_FILTERS)[number]

export const CallsQuery = z.object({
  filter: z.enum(CALL_FILTERS, { message: 'api:calls.badFilter' }).optional().default('all'),
  query: z.string().max(100, 'api:calls.queryTooLong').optional(),
  page: pageNumber,
  brandId: recordId('api:errors.missingCommunity').optional(),
})

export const CallStart = z.object({ roomId: recordId('api:calls.roomNotFound') })
export const CallId = z.object({ callId: recordId('api:calls.notFound') })
export const CallDecline = CallId.extend({
  message: z.string().max(CALL_LIMITS.message, 'api:calls.messageTooLong').optional(),
})
