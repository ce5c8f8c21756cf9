// What the post forms do, shared by the pages that carry them (the community home's feed and the
// single post view): parse with the form's schema, check the viewer's right in the post's room,
// write, and go back where the form came from with a flash message. Bad input answers 400 with the
// product's message and the typed values; a missing right answers 403; nothing is written either way.
import { parseWithZod } from '@conform-to/zod'
import type { SubmissionResult } from '@conform-to/react'
import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '../http/flash.server'
import { readForm } from '../http/form-body.server'
import { requireCommunity, requireUser } from '../http/guards.server'
import { safeRedirect } from '../http/safe-redirect'
import { saveDraftAction } from './draft-actions.server'
import { mayPostIn, requirePost } from './post-guard.server'
import { CommentFormSchema, PostButtonSchema, PostFormSchema } from './post.schema'
import { PostRuleError } from './post-rules'
import { createChild, createPost, isReaction, removePost, setPinned, setPromoted, toggleReaction } from './posts.server'

/** Which form answered (a page has many): the view shows the reply only on that one. */
export type PostActionData = { formId: string; result: SubmissionResult<string[]> }

const refused = (formId: string, result: PostActionData['result'], status: number) =>
  data<PostActionData>({ formId, result }, { status })

/** Where to land after a form: the page it came from (a same-site path), or the fallback. */
function backTo(form: FormData, fallback: string) {
  return safeRedirect(form.get('redirectTo'), fallback)
}

/** The feed's "write a post" form, on the community home (the hub room's feed) or a room's feed. */
export async function newPostAction(args: ActionFunctionArgs, { fallback }: { fallback: string }) {
  const user = await requireUser(args)
  const brand = await requireCommunity(args)
  const form = await readForm(args.request)
  // The composer's other button: keep it as a draft (draft-actions.server.ts).
  if (form.get('intent') === 'draft') return saveDraftAction(user, brand, form)
  const submission = parseWithZod(form, { schema: PostFormSchema })
  const formId = 'new-post'
  if (submission.status !== 'success') return refused(formId, submission.reply(), 400)
  // The one rule of the right to post (post-guard.server.ts), which drafts and scheduled posts ask again when they go out.
  if (!(await mayPostIn(brand, user.id, submission.value.contextRoomId!)))
    return refused(formId, submission.reply({ formErrors: ['posts:errors.noPostPermission'] }), 403)
  let created
  try {
    created = await createPost(brand, user.id, submission.value)
  } catch (error) {
    if (!(error instanceof PostRuleError)) throw error
    return refused(formId, submission.reply({ fieldErrors: { message: [error.problem] } }), 400)
  }
  // Held for review (app/lib/moderation): saved, shown only to its author until a moderator decides.
  throw await redirectWithFlash(backTo(form, fallback), {
    kind: 'success',
    message: created.status === 'held' ? 'moderation:flash.held' : 'posts:flash.posted',
  })
}

/** The forms on and under one post (`/{brand}/posts/{postId}`): comment or reply, react, pin, promote, remove. */
export async function postAction(args: ActionFunctionArgs) {
  const user = await requireUser(args)
  const { brand, post, rights } = await requirePost(args)
  const form = await readForm(args.request)
  const back = backTo(form, `/${brand.slug}/posts/${post.id}`)

  if (form.get('intent') === 'comment') {
    const formId = `comment-${post.id}`
    // The parent is this post: the form cannot aim a comment elsewhere.
    form.set('parentPostId', post.id)
    form.set('contextRoomId', post.contextRoomId)
    const submission = parseWithZod(form, { schema: CommentFormSchema })
    if (submission.status !== 'success') return refused(formId, submission.reply(), 400)
    if (!rights.comment)
      return refused(formId, submission.reply({ formErrors: ['posts:errors.noCommentPermission'] }), 403)
    let created
    try {
      created = await createChild(brand, user.id, submission.value)
    } catch (error) {
      if (!(error instanceof PostRuleError)) throw error
      return refused(formId, submission.reply({ fieldErrors: { message: [error.problem] } }), 400)
    }
    const message =
      created.status === 'held'
        ? 'moderation:flash.held'
        : post.parentPostId
          ? 'posts:flash.replied'
          : 'posts:flash.commented'
    throw await redirectWithFlash(back, { kind: 'success', message })
  }

  const formId = `buttons-${post.id}`
  const submission = parseWithZod(form, { schema: PostButtonSchema })
  if (submission.status !== 'success')
    return refused(formId, submission.reply({ formErrors: ['posts:errors.badRequest'] }), 400)
  const command = submission.value
  const deny = () => refused(formId, submission.reply({ formErrors: ['posts:errors.noPermission'] }), 403)
  switch (command.intent) {
    case 'react':
      if (!rights.comment) return deny()
      if (!isReaction(command.reaction))
        return refused(formId, submission.reply({ formErrors: ['posts:errors.badRequest'] }), 400)
      await toggleReaction(post.id, user.id, command.reaction)
      // Reacting is its own feedback (the count changes): no message.
      throw redirect(back)
    case 'pin':
      if (!rights.moderate || post.parentPostId) return deny()
      await setPinned(post, command.pinned === 'true')
      throw await redirectWithFlash(back, {
        kind: 'success',
        message: command.pinned === 'true' ? 'posts:flash.pinned' : 'posts:flash.unpinned',
      })
    case 'promote':
      if (!rights.promote || post.parentPostId) return deny()
      await setPromoted(post, command.promoted === 'true', user.id)
      throw await redirectWithFlash(back, {
        kind: 'success',
        message: command.promoted === 'true' ? 'posts:flash.promoted' : 'posts:flash.unpromoted',
      })
    case 'remove': {
      const own = post.authorId === user.id && rights.removeOwn
      if (!own && !rights.moderate) return deny()
      await removePost(post)
      // The post's own page is gone: a removal from there lands on the community home.
      const landing = back.startsWith(`/${brand.slug}/posts/${post.id}`) ? `/${brand.slug}` : back
      throw await redirectWithFlash(landing, { kind: 'success', message: 'posts:flash.removed' })
    }
  }
}
