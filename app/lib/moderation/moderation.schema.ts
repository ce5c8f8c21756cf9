// The review queue's one form (/{brand}/admin/moderation): a decision and the held posts it is for,
// one (a row's own buttons) or many (the ticked boxes). Browser-safe; messages are translation keys.
import { z } from 'zod'
import { RECORD_ID } from '../forms/record-id'
import { ADMIN_PAGE_SIZE } from '../admin/listing'

export const REVIEW_DECISIONS = ['approve', 'reject'] as const

export const ReviewSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { errorMap: () => ({ message: 'moderation:errors.decisionInvalid' }) }),
  // Ids are checked as ids, so junk never reaches the database; more than a page's worth is not a click.
  ids: z
    .array(z.string().regex(RECORD_ID, 'moderation:errors.idInvalid'), {
      required_error: 'moderation:errors.noneChosen',
      invalid_type_error: 'moderation:errors.idInvalid',
    })
    .min(1, 'moderation:errors.noneChosen')
    .max(ADMIN_PAGE_SIZE, 'moderation:errors.tooMany'),
})

export type ReviewFields = z.input<typeof ReviewSchema>
