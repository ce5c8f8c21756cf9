import { getZodConstraint } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { MAIN_BRAND_SLUG } from '#models/main-brand'
import { requireCommunity } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { conversationView, markRead } from '#app/lib/messages/conversations.server'
import { ReplySchema } from '#app/lib/messages/message.schema'
import { replyFromForm } from '#app/lib/messages/reply-action.server'
import { participantForReplyLink } from '#app/lib/messages/reply-links.server'

/**
 * An external recipient's reply link: the link is their only key, to this one conversation (no
 * account, no session). An unknown or expired link shows why it does not work (410).
 */
async function replyAccess(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  return { brand, found: await participantForReplyLink(brand.id, args.params.token) }
}

export async function replyLoader(args: LoaderFunctionArgs) {
  const { brand, found } = await replyAccess(args)
  const messages = await routeMessages(args, 'messages')
  if (!found)
    return data(
      {
        messages,
        community: brand.name,
        slug: brand.slug,
        token: null,
        name: null,
        personal: false,
        view: null,
        constraint: null,
      },
      { status: 410 },
    )
  const seen = await conversationView(found.conversation, found.participant)
  await markRead(found.participant)
  // In the main brand (a message left in a personal room) nobody is a member: the page says so,
  // and marks nobody as "outside the community".
  const personal = brand.slug === MAIN_BRAND_SLUG
  const view = personal
    ? {
        ...seen,
        participants: seen.participants.map((person) => ({ ...person, external: false })),
        messages: seen.messages.map((message) => ({
          ...message,
          from: message.from && { ...message.from, external: false },
        })),
      }
    : seen
  return {
    messages,
    community: brand.name,
    slug: brand.slug,
    token: args.params.token!,
    name: found.participant.name,
    personal,
    view,
    constraint: getZodConstraint(ReplySchema),
  }
}

export async function replyAction(args: ActionFunctionArgs) {
  const { brand, found } = await replyAccess(args)
  if (!found) throw new Response('Gone', { status: 410 })
  return replyFromForm(
    args.request,
    { brand, conversation: found.conversation, from: found.participant, senderName: found.participant.name ?? '' },
    new URL(args.request.url).pathname,
  )
}
