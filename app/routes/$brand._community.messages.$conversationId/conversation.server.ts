import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { messagesPage, requireConversation } from '#app/lib/messages/conversation-access.server'
import { conversationView, markRead, senderLabel, sendReply } from '#app/lib/messages/conversations.server'
import { ReplySchema } from '#app/lib/messages/message.schema'
import { readMessageForm, refusedForm } from '#app/lib/messages/message-form.server'
import { logger } from '#app/lib/platform/logger.server'

/** A conversation, to its participants only; opening it is reading it (the spec's last-read event). */
export async function conversationLoader(args: LoaderFunctionArgs) {
  const { participant, conversation } = await requireConversation(args)
  const { home, messages } = await messagesPage(args)
  const view = await conversationView(conversation, participant)
  await markRead(participant)
  return { home, messages, view, constraint: getZodConstraint(ReplySchema) }
}

export async function conversationAction(args: ActionFunctionArgs) {
  const { brand, user, participant, conversation } = await requireConversation(args)
  const read = await readMessageForm(args.request)
  try {
    const submission = parseWithZod(read.form, { schema: ReplySchema })
    if (submission.status !== 'success' || read.refused) return refusedForm(submission, read.refused)
    try {
      const outcome = await sendReply({ brand, conversation, from: participant, senderName: senderLabel(user), values: submission.value, video: read.video })
      if (outcome.kind === 'sent') throw await redirectWithFlash(`/${brand.slug}/messages/${conversation.id}`, { kind: 'success', message: 'messages:flash.sent' })
      if (outcome.kind === 'invalid') return data({ result: submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: ['files', 'video'] }) }, { status: 400 })
    } catch (error) {
      if (error instanceof Response) throw error
      logger.error({ err: error }, 'sending a message failed')
    }
    return data({ result: submission.reply({ formErrors: ['messages:errors.sendFailed'], hideFields: ['files', 'video'] }) }, { status: 500 })
  } finally {
    await read.discard()
  }
}
