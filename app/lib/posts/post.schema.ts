// The post forms' zod schemas: used by the actions to parse and by the pages for their constraints.
// Browser-safe; every message is a translation key whose English text is the product's thrown
// message. The rule itself lives in post-rules.ts, shared with the post commands.
import { z } from 'zod'
import { RECORD_ID } from '../forms/record-id'
import { MESSAGE_MAX, postProblem, type PostInput } from './post-rules'
import { safeLinkUrl } from './safe-link'

const fields = {
  contextRoomId: z.string().regex(RECORD_ID, 'posts:errors.badRequest').optional(),
  message: z
    .string()
    .max(MESSAGE_MAX + 1)
    .optional(),
  // The media library adds its files and videos to a post through these fields.
  fileUrls: z.array(safeLinkUrl).max(20).optional(),
  videoUrl: safeLinkUrl.optional(),
  videoThumbnailUrl: safeLinkUrl.optional(),
}

function ruled(child: boolean) {
  return (value: PostInput, context: z.RefinementCtx) => {
    const problem = postProblem(value, { child })
    if (!problem) return
    // The hidden fields' problems are the form's; the others are about what was written.
    const formWide = problem === 'posts:errors.missingContextRoom' || problem === 'posts:errors.missingParentPost'
    context.addIssue({ code: z.ZodIssueCode.custom, message: problem, ...(formWide ? {} : { path: ['message'] }) })
  }
}

/** The feed's "write a post" form. */
export const PostFormSchema = z.object({ intent: z.literal('post'), ...fields }).superRefine(ruled(false))
export type PostFormFields = z.input<typeof PostFormSchema>

/** A comment on a post, or a reply to a comment. */
export const CommentFormSchema = z
  .object({
    intent: z.literal('comment'),
    parentPostId: z.string().regex(RECORD_ID, 'posts:errors.badRequest').optional(),
    ...fields,
  })
  .superRefine(ruled(true))
export type CommentFormFields = z.input<typeof CommentFormSchema>

/** The buttons under a post: react, pin, promote, remove. */
export const PostButtonSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('react'), reaction: z.string().max(16) }),
  z.object({ intent: z.literal('pin'), pinned: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('promote'), promoted: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('remove') }),
])
export type PostButton = z.output<typeof PostButtonSchema>
