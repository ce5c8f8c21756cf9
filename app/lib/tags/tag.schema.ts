// The tag forms' zod schemas (the tag rules): used by the actions to parse and by the
// pages for their constraints. Browser-safe; every message is a translation key.
import { z } from 'zod'
import { recordId } from '../forms/record-id'
import { TAG_DESCRIPTION_MAX, TAG_LABEL_MAX, TAG_LABEL_MIN, expiryOf, isFarEnoughAhead } from './tag-rules'

/**
 * The tag editor (new and edit). `keptDay` is the expiry the tag already has: saving a tag whose
 * expiry was not touched is allowed even once that day is near or past (an expired tag's
 * description can still be fixed); a new or changed date must be at least a day ahead.
 */
export function tagSchema({ keptDay = null, now }: { keptDay?: string | null; now?: Date } = {}) {
  return z.object({
    label: z
      .string({ required_error: 'tags:errors.labelRequired' })
      .trim()
      .min(TAG_LABEL_MIN, 'tags:errors.labelTooShort')
      .max(TAG_LABEL_MAX, 'tags:errors.tooLong'),
    description: z.string().trim().max(TAG_DESCRIPTION_MAX, 'tags:errors.tooLong').optional(),
    newMembers: z.boolean().optional().default(false),
    newGroups: z.boolean().optional().default(false),
    expiresOn: z
      .string()
      .trim()
      .optional()
      .superRefine((day, context) => {
        if (!day || day === keptDay) return
        const expiresAt = expiryOf(day)
        if (!expiresAt) context.addIssue({ code: z.ZodIssueCode.custom, message: 'tags:errors.expiryInvalid' })
        else if (!isFarEnoughAhead(expiresAt, now))
          context.addIssue({ code: z.ZodIssueCode.custom, message: 'tags:errors.expiryTooSoon' })
      }),
  })
}
export type TagFields = z.input<ReturnType<typeof tagSchema>>
export type TagValues = z.output<ReturnType<typeof tagSchema>>

export const TAG_LIST_INTENTS = ['archive', 'restore', 'delete'] as const
export type TagListIntent = (typeof TAG_LIST_INTENTS)[number]

/** The tags page's row and batch forms: archive or restore one tag, or delete the ticked ones. */
export const TagListActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('archive'), tagId: recordId('tags:errors.badRequest') }),
  z.object({ intent: z.literal('restore'), tagId: recordId('tags:errors.badRequest') }),
  z.object({
    intent: z.literal('delete'),
    ids: z.array(recordId('tags:errors.badRequest')).min(1, 'tags:errors.noneSelected').max(500),
  }),
])
export type TagListAction = z.output<typeof TagListActionSchema>
