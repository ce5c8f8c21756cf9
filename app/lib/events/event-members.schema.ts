// The Members tab's forms (browser-safe): the tick-box actions on registrations and the predefined
// breakout groups. Messages are translation keys of the eventMembers namespace.
import { z } from 'zod'
import { recordId } from '#app/lib/forms/record-id'
import { BULK_MAX, GROUPS_TEXT_MAX, REGISTRATION_ACTIONS } from './event-members-rules'

/** One action on the ticked registrations: `intent` is the button pressed, `ids` the boxes ticked. */
export const RegistrationBulkSchema = z.object({
  intent: z.enum(REGISTRATION_ACTIONS, { errorMap: () => ({ message: 'eventMembers:errors.badRequest' }) }),
  ids: z
    .array(recordId('eventMembers:errors.badRequest'), {
      required_error: 'eventMembers:errors.noneSelected',
      invalid_type_error: 'eventMembers:errors.badRequest',
    })
    .min(1, 'eventMembers:errors.noneSelected')
    .max(BULK_MAX, 'eventMembers:errors.tooMany'),
})
export type RegistrationBulkValues = z.output<typeof RegistrationBulkSchema>

/**
 * Predefined groups: saved from a pasted text or an uploaded file (the file wins when both are
 * given; its bytes are read by the action), or cleared. Each row's emails are judged by the server
 * (predefined-groups.ts), which answers row by row.
 */
export const PredefinedGroupsSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('save'),
      groups: z.string().max(GROUPS_TEXT_MAX, 'eventMembers:groups.errors.tooLarge').optional(),
    }),
    z.object({ intent: z.literal('clear') }),
  ],
  { errorMap: () => ({ message: 'eventMembers:errors.badRequest' }) },
)
export type PredefinedGroupsValues = z.output<typeof PredefinedGroupsSchema>
