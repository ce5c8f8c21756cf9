// The composer's "Save as draft" (POST posts/draft): the same form as "Publish", the other
// button. It answers as the post form does (formId 'new-post'), so the composer shows a refusal
// with what was typed; a saved draft lands on the drafts panel.
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { Brand, User } from '#models/index'
import { redirectWithFlash } from '../http/flash.server'
import { DraftFormSchema } from './draft.schema'
import { saveDraft } from './drafts.server'
import type { PostActionData } from './post-actions.server'
import { mayPostIn } from './post-guard.server'
import { PostRuleError } from './post-rules'

export async function saveDraftAction(user: User, brand: Brand, form: FormData) {
  const formId = 'new-post'
  const submission = parseWithZod(form, { schema: DraftFormSchema })
  if (submission.status !== 'success')
    return data<PostActionData>({ formId, result: submission.reply() }, { status: 400 })
  // A draft is a post for later: only who may post in the room may keep one there (asked again when it goes out).
  const roomId = submission.value.contextRoomId
  if (!roomId || !(await mayPostIn(brand, user.id, roomId))) {
    return data<PostActionData>(
      { formId, result: submission.reply({ formErrors: ['posts:errors.noPostPermission'] }) },
      { status: 403 },
    )
  }
  try {
    await saveDraft(brand, user.id, submission.value)
  } catch (error) {
    if (!(error instanceof PostRuleError)) throw error
    return data<PostActionData>(
      { formId, result: submission.reply({ fieldErrors: { message: [error.problem] } }) },
      { status: 400 },
    )
  }
  throw await redirectWithFlash(`/${brand.slug}/drafts`, { kind: 'success', message: 'posts:flash.draftSaved' })
}
