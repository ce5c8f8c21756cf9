// The drafts forms' zod schemas (the drafts panel and the schedule-post dialog; a scheduled post
// needs a time that is valid and in the future). Browser-safe; messages are
// translation keys. Whether the time is still in the future is the server's to say, at the moment
// it saves (drafts.server.ts): the schema only checks it names a time.
import { z } from 'zod'
import { RECORD_ID } from '../forms/record-id'
import { isTimeZone } from '../i18n/zoned-time'
import { MESSAGE_MAX } from './post-rules'

/** The composer's "Save as draft": the post form's fields, with no rule on content yet beyond the post's own. */
export const DraftFormSchema = z.object({
  intent: z.literal('draft'),
  contextRoomId: z.string().regex(RECORD_ID, 'posts:errors.badRequest').optional(),
  message: z
    .string()
    .max(MESSAGE_MAX + 1)
    .optional(),
})

const postId = z
  .string({ required_error: 'posts:errors.missingDraftPostId' })
  .min(1, 'posts:errors.missingDraftPostId')
  .regex(RECORD_ID, 'posts:errors.missingDraftPostId')

/** Schedule (or reschedule) a draft: a wall-clock time in a chosen zone. */
export const ScheduleFormSchema = z.object({
  intent: z.literal('schedule'),
  postId,
  publishAt: z
    .string({ required_error: 'posts:errors.missingScheduledTime' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'posts:errors.missingScheduledTime'),
  timeZone: z
    .string({ required_error: 'posts:errors.invalidTimeZone' })
    .max(64)
    .refine(isTimeZone, 'posts:errors.invalidTimeZone'),
})
export type ScheduleFormFields = z.input<typeof ScheduleFormSchema>

/** Edit a draft's text. */
export const EditDraftFormSchema = z.object({
  intent: z.literal('edit'),
  postId,
  message: z
    .string()
    .max(MESSAGE_MAX + 1)
    .optional(),
})
export type EditDraftFormFields = z.input<typeof EditDraftFormSchema>

/** The buttons beside a draft or a scheduled post. */
export const DraftButtonSchema = z.object({
  intent: z.enum(['publish', 'cancel', 'delete']),
  postId,
})
