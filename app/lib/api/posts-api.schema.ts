// The JSON API's post calls (docs/api.md#posts), one schema per call. Browser-safe; every
// message is a translation key, and the product's thrown messages come from the post rules
// (app/lib/posts/post-rules.ts) that the forms and the commands share.
import { z } from 'zod'
import { MESSAGE_MAX, pinProblem, postProblem, updateProblem, type PostInput } from '../posts/post-rules'
import { safeLinkUrl } from '../posts/safe-link'
import { recordId } from '../forms/record-id'
import { brandQuery, pageNumber } from './api.schema'

/**
 * What a post carries, typed, once the product's rules passed (they run first, so their message is the one answered).
 */
const content = z.object({
  message: z.string().max(MESSAGE_MAX).nullish(),
  // Only http(s) addresses and this site's own paths (safe-link.ts): the rule the forms share.
  fileUrls: z.array(safeLinkUrl).max(20).nullish(),
  videoUrl: safeLinkUrl.nullish(),
  videoThumbnailUrl: safeLinkUrl.nullish(),
})

const raw = {
  contextRoomId: z.unknown(),
  parentPostId: z.unknown(),
  message: z.unknown(),
  fileUrls: z.unknown(),
  videoUrl: z.unknown(),
  videoThumbnailUrl: z.unknown(),
}

function ruled<T>(check: (value: T) => string | null) {
  return (value: T, context: z.RefinementCtx) => {
    const problem = check(value)
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem })
  }
}

/** POST /posts: a post in a room, or (with parentPostId) a comment or a reply. */
export const CreatePostBody = z
  .object(raw)
  .superRefine(
    ruled<PostInput>((value) =>
      postProblem(value, { child: value.parentPostId !== undefined && value.parentPostId !== null }),
    ),
  )
  .pipe(
    content.extend({
      contextRoomId: recordId('posts:errors.missingContextRoom'),
      parentPostId: recordId('posts:errors.missingParentPost').nullish(),
    }),
  )

/** POST posts/draft: a post kept for later (text only, as the composer's draft). */
export const CreateDraftBody = z
  .object(raw)
  .superRefine(ruled<PostInput>((value) => postProblem(value)))
  .pipe(content.extend({ contextRoomId: recordId('posts:errors.missingContextRoom') }))

/** PUT /posts/{id}: the id (from the address) plus the same rules as a new post. */
export const UpdatePostBody = z
  .object({ ...raw, id: z.unknown() })
  .superRefine(ruled<PostInput & { id?: unknown }>((value) => updateProblem(value)))
  .pipe(
    content.extend({
      id: recordId('posts:errors.missingId'),
      contextRoomId: recordId('posts:errors.missingContextRoom'),
    }),
  )

/** PUT /posts/pinned/{id}: pinned. */
export const PinPostBody = z.object({
  pinned: z.boolean({
    required_error: 'posts:errors.missingPinnedStatus',
    invalid_type_error: 'posts:errors.missingPinnedStatus',
  }),
})

/** PUT post-pins/{id}: pinned and roomId. */
export const PostPinBody = z
  .object({ pinned: z.unknown(), roomId: z.unknown() })
  .superRefine(ruled<{ pinned?: unknown; roomId?: unknown }>((value) => pinProblem(value)))
  .pipe(z.object({ pinned: z.boolean(), roomId: recordId('posts:errors.missingRoomId') }))

/** GET /posts: a room's posts by page (pageNumber from 0), or one post (postId). */
export const PostsQuery = z.object({
  contextRoomId: recordId('posts:errors.missingContextRoom'),
  postId: recordId('posts:errors.missingId').optional(),
  pageNumber,
})

/** How many answers a page of comments holds: 3 unless asked (at most 50). */
const limit = z
  .string()
  .regex(/^\d{1,2}$/, 'api:errors.badLimit')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 50, 'api:errors.badLimit')
  .optional()

/** GET /posts/comments and /posts/comments/replies. */
export const CommentsQuery = z.object({
  contextRoomId: recordId('posts:errors.missingContextRoom'),
  parentPostId: recordId('posts:errors.missingParentPost'),
  lastPostId: recordId('api:errors.badRequest').optional(),
  limit,
})

/** GET activityfeed and activityhubfeed. */
export const FeedQuery = z.object({ ...brandQuery, pageNumber })

/** GET drafts and drafts/count. */
export const DraftsQuery = z.object(brandQuery)

/** PUT drafts/{id}: when it goes out, as an ISO 8601 time with its offset. */
export const ScheduleDraftBody = z.object({
  draftPostTime: z
    .string({
      required_error: 'posts:errors.missingScheduledTime',
      invalid_type_error: 'posts:errors.missingScheduledTime',
    })
    .datetime({ offset: true, message: 'posts:errors.missingScheduledTime' }),
})

/** The {id} of a drafts/{id} address. */
export const DraftId = recordId('posts:errors.missingDraftPostId')
/** The {id} of a posts/{id} address. */
export const PostId = recordId('posts:errors.missingId')

/** POST /post-reactions: post and one of the offered reactions (by name, e.g. "like"). */
export const ReactionBody = z.object({
  post: recordId('posts:errors.missingId'),
  emoji: z.string({ required_error: 'api:errors.badReaction' }).max(16, 'api:errors.badReaction'),
})
/** GET /post-reactions with post. */
export const ReactionsQuery = z.object({ post: recordId('posts:errors.missingId') })
