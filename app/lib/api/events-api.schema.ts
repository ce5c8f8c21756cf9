// The JSON API's event calls (GET and POST /events, GET, PUT and DELETE /events/{id}, POST
// /registration/importUser, GET /event-participants/{id}, or with the query event and user;
// docs/api.md#events-and-registration): browser-safe schemas, messages are translation keys. The bodies of
// the event writes are the event forms' own schemas (app/lib/events/event.schema.ts).
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { EVENT_LIST_TABS } from '../events/event-rules'
import { brandQuery, pageNumber } from './api.schema'

/** GET /events with brandId, and the events page's tab (upcoming when absent) and a page from 0. */
export const EventListQuery = z.object({
  ...brandQuery,
  tab: z.enum(EVENT_LIST_TABS, { errorMap: () => ({ message: 'api:events.badTab' }) }).optional(),
  page: pageNumber,
})

/** An event as every event call names it: its room's id. */
export const EventId = recordId('eventMembers:api.eventNotFound')

const text = (max: number) =>
  z.string({ invalid_type_error: 'api:errors.badRequest' }).max(max, 'api:errors.badRequest').optional()

/** One registration row, as the CSV import's columns (coHost may also be a JSON boolean). */
export const ImportUserBody = z.object({
  ...brandQuery,
  room: z
    .string({ required_error: 'eventMembers:api.missingEvent', invalid_type_error: 'eventMembers:api.missingEvent' })
    .trim()
    .min(1, 'eventMembers:api.missingEvent')
    .max(64, 'eventMembers:api.eventNotFound'),
  fullName: text(300),
  emailAddress: text(320),
  phoneNumber: text(40),
  status: text(16),
  coHost: z
    .union([z.boolean(), z.string().max(8)], { errorMap: () => ({ message: 'eventMembers:import.reasons.coHost' }) })
    .optional()
    .transform((value) => (typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? ''))),
  eventSeries: text(255),
})

export const ParticipantId = recordId('eventMembers:api.participantNotFound')
export const ParticipantQuery = z.object({
  event: recordId('eventMembers:api.missingEvent'),
  user: z
    .string({ required_error: 'eventMembers:api.missingUser' })
    .min(1, 'eventMembers:api.missingUser')
    .max(64, 'eventMembers:api.participantNotFound'),
})
