import { parseWithZod } from '@conform-to/zod'
import type { SubmissionResult } from '@conform-to/react'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Room } from '#models/index'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { requireCommunityPermission } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { DraftButtonSchema, EditDraftFormSchema, ScheduleFormSchema } from '#app/lib/posts/draft.schema'
import {
  ScheduleError,
  cancelSchedule,
  deleteDraft,
  editDraft,
  findOwnDraft,
  myDrafts,
  publishDraftNow,
  schedulePost,
} from '#app/lib/posts/drafts.server'
import { mayPostIn } from '#app/lib/posts/post-guard.server'
import { PostRuleError } from '#app/lib/posts/post-rules'
import { timeZones, zonedTimeToDate } from '#app/lib/i18n/zoned-time'

// One's own drafts are one's own: a member of the community (access-community) sees only theirs.
const requireDrafts = (args: LoaderFunctionArgs | ActionFunctionArgs) =>
  requireCommunityPermission(args, 'access-community')

export async function draftsLoader(args: LoaderFunctionArgs) {
  const { brand, user } = await requireDrafts(args)
  // The zone offered first: the community's (its hub room's), else UTC. People pick theirs from the list.
  const hub = brand.topLevelRoomId ? await Room.findByPk(brand.topLevelRoomId, { attributes: ['timeZone'] }) : null
  return {
    messages: await routeMessages(args, 'posts'),
    community: { slug: brand.slug },
    ...(await myDrafts(brand.id, user.id)),
    timeZones: timeZones(),
    defaultTimeZone: hub?.timeZone || 'UTC',
  }
}

/** Which form answered, and its result (a page has one form per draft). */
export type DraftsActionData = { formId: string; result: SubmissionResult<string[]> }
const refused = (formId: string, result: DraftsActionData['result'], status: number) =>
  data<DraftsActionData>({ formId, result }, { status })

export async function draftsAction(args: ActionFunctionArgs) {
  const { brand, user } = await requireDrafts(args)
  const form = await readForm(args.request)
  const back = `/${brand.slug}/drafts`
  const intent = form.get('intent')
  const postId = String(form.get('postId') ?? '').slice(0, 36)
  const schema =
    intent === 'schedule' ? ScheduleFormSchema : intent === 'edit' ? EditDraftFormSchema : DraftButtonSchema
  const formId = `${intent === 'schedule' || intent === 'edit' ? intent : 'buttons'}-${postId}`
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') return refused(formId, submission.reply(), 400)
  const command = submission.value
  // Someone else's draft answers as one that does not exist: drafts are private.
  const post = await findOwnDraft(brand.id, user.id, command.postId)
  if (!post) return refused(formId, submission.reply({ formErrors: ['posts:errors.draftNotFound'] }), 404)

  switch (command.intent) {
    case 'edit':
      try {
        await editDraft(post, command.message)
      } catch (error) {
        if (!(error instanceof PostRuleError)) throw error
        return refused(formId, submission.reply({ fieldErrors: { message: [error.problem] } }), 400)
      }
      throw await redirectWithFlash(back, { kind: 'success', message: 'posts:flash.draftSaved' })
    case 'schedule': {
      if (!(await mayPostIn(brand, user.id, post.contextRoomId)))
        return refused(formId, submission.reply({ formErrors: ['posts:errors.noPostPermission'] }), 403)
      const at = zonedTimeToDate(command.publishAt, command.timeZone)
      if (!at)
        return refused(
          formId,
          submission.reply({ fieldErrors: { publishAt: ['posts:errors.missingScheduledTime'] } }),
          400,
        )
      try {
        await schedulePost(post, at)
      } catch (error) {
        if (!(error instanceof ScheduleError)) throw error
        return refused(
          formId,
          submission.reply({ fieldErrors: { publishAt: [error.problem] } }),
          error.problem === 'posts:errors.notADraft' ? 409 : 400,
        )
      }
      throw await redirectWithFlash(back, { kind: 'success', message: 'posts:flash.scheduled' })
    }
    case 'publish': {
      // publishDraftNow asks the author's right to post there (the composer's rule) before it publishes.
      const state = await publishDraftNow(post)
      if (state === 'refused')
        return refused(formId, submission.reply({ formErrors: ['posts:errors.noPostPermission'] }), 403)
      // A post for the home's feed lands there, where it now shows (to its author only while held for review).
      throw await redirectWithFlash(post.contextRoomId === brand.topLevelRoomId ? `/${brand.slug}` : back, {
        kind: 'success',
        message: state === 'held' ? 'moderation:flash.held' : 'posts:flash.posted',
      })
    }
    case 'cancel':
      await cancelSchedule(post)
      throw await redirectWithFlash(back, { kind: 'success', message: 'posts:flash.scheduleCancelled' })
    case 'delete':
      await deleteDraft(post)
      throw await redirectWithFlash(back, { kind: 'success', message: 'posts:flash.draftDeleted' })
  }
}
