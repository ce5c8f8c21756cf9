import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { listingParams, paging } from '#app/lib/admin/listing'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { ReviewSchema } from '#app/lib/moderation/moderation.schema'
import { ReviewError, heldPosts, review } from '#app/lib/moderation/review-queue.server'

/** The review queue is for those who moderate the community's posts (owners, admins, moderators). */
const MODERATE = ['access-community', 'moderate-community-posts'] as const

export async function moderationLoader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPermission(args, ...MODERATE)
  const url = new URL(args.request.url)
  const { page } = listingParams(url)
  const { posts, total } = await heldPosts(brand.id, page)
  return {
    slug: brand.slug,
    threshold: brand.contentModeration.postToxicityThreshold,
    posts,
    paging: paging(url, page, total),
  }
}

/** A refused decision: its messages, and the ids that were chosen so the boxes stay ticked. */
export type ModerationActionData = { errors: TranslationKey[]; ids: string[] }

export async function moderationAction(args: ActionFunctionArgs) {
  const { brand, user } = await requireCommunityPermission(args, ...MODERATE)
  const form = await readForm(args.request)
  const refuse = (errors: TranslationKey[]) =>
    data<ModerationActionData>({ errors, ids: form.getAll('ids').map(String).slice(0, 100) }, { status: 400 })
  const submission = parseWithZod(form, { schema: ReviewSchema })
  if (submission.status !== 'success') {
    const errors = Object.values(submission.reply().error ?? {}).flatMap((messages) => messages ?? [])
    return refuse([...new Set(errors.length ? errors : ['moderation:errors.decisionInvalid'])] as TranslationKey[])
  }
  const { decision, ids } = submission.value
  let count: number
  try {
    count = await review(brand, user.id, ids, decision)
  } catch (error) {
    if (!(error instanceof ReviewError)) throw error
    return refuse([error.problem])
  }
  // Back to the queue as it was (its page): the address the form was posted from.
  const url = new URL(args.request.url)
  throw await redirectWithFlash(url.pathname + url.search, {
    kind: 'success',
    message: decision === 'approve' ? 'moderation:flash.approved' : 'moderation:flash.rejected',
    values: { count },
  })
}
