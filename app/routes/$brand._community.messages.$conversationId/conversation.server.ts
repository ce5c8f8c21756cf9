import { getZodConstraint } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { messagesPage, requireConversation } from '#app/lib/messages/conversation-access.server'
import { conversationView, markRead, senderLabel } from '#app/lib/messages/conversations.server'
import { ReplySchema } from '#app/lib/messages/message.schema'
import { replyFromForm } from '#app/lib/messages/reply-action.server'

/** A conversation, to its participants only; opening it is reading it (the product's last-read event). */
export async function conversationLoader(args: LoaderFunctionArgs) {
  const { participant, conversation } = await requireConversation(args)
  const { home, messages } = await messagesPage(args)
  const view = await conversationView(conversation, participant)
  await markRead(participant)
  return { home, messages, view, constraint: getZodConstraint(ReplySchema) }
}

export async function conversationAction(args: ActionFunctionArgs) {
  const { brand, user, participant, conversation } = await requireConversation(args)
  return replyFromForm(
    args.request,
    { brand, conversation, from: participant, senderName: senderLabel(user) },
    `/${brand.slug}/messages/${conversation.id}`,
  )
}
