// The JSON API's message calls (docs/api.md#messages): the messages pages' guards (the
// community's left drawer: its members, never guests), their schema and their commands
// (app/lib/messages), answered as JSON. A conversation is read only by its participants: to anyone
// else it does not exist (404), as on its page.
import { Conversation } from '#models/index'
import { logger } from '../platform/logger.server'
import { refuse, readBody, readQuery, inCommunity, json, type ApiArgs } from '../http/api.server'
import { requireCommunityPage, requireUser } from '../http/guards.server'
import type { TranslationKey } from '../i18n/i18n'
import { requireConversation } from '../messages/conversation-access.server'
import {
  conversationView,
  listConversations,
  markRead,
  senderLabel,
  sendReply,
  startConversation,
  unreadCount,
  type SendOutcome,
} from '../messages/conversations.server'
import { ensureUserConversation } from '../messages/direct-conversation.server'
import { CONVERSATIONS_PER_PAGE } from '../messages/message-rules'
import { NewMessageSchema, ReplySchema } from '../messages/message.schema'
import {
  ConversationId,
  ConversationsQuery,
  EnsureConversationBody,
  EventsQuery,
  ExternalMessageBody,
  LastReadBody,
  SendMessageBody,
  UnreadQuery,
} from './messages-api.schema'

/** The messages pages' guard in the community the call names: a member of it, signed in. */
async function messagesIn(args: ApiArgs, brandId: string) {
  const access = await requireCommunityPage(await inCommunity(args, brandId), 'drawer')
  return { brand: access.brand, user: access.user! }
}

/** One of the caller's conversations, by the guard of its page (requireConversation); anyone else's is a 404. */
async function myConversation(args: ApiArgs, id: unknown) {
  const checked = ConversationId.safeParse(id)
  if (!checked.success) throw refuse(400, 'api:errors.missingConversation')
  const row = await Conversation.findOne({ attributes: ['brandId'], where: { id: checked.data } })
  if (!row) throw refuse(404, 'api:errors.notFound')
  const scoped = await inCommunity(args, row.brandId)
  return requireConversation({ ...scoped, params: { ...scoped.params, conversationId: checked.data } })
}

/** The first problem the form's schema found, as the call's 400. */
function firstProblem(issues: readonly { message: string }[]): never {
  throw refuse(400, (issues[0]?.message ?? 'api:errors.badRequest') as TranslationKey)
}

/** What sending came to, as the answer: the conversation (201), the form's refusal, or the product's failure text. */
function sent(outcome: SendOutcome) {
  switch (outcome.kind) {
    case 'sent':
      return json({ conversationId: outcome.conversationId }, 201)
    case 'invalid':
      throw refuse(400, (Object.values(outcome.fieldErrors)[0]?.[0] ?? 'api:errors.badRequest') as TranslationKey)
    case 'limited':
      throw refuse(429, outcome.message)
    case 'failed':
      throw refuse(502, 'messages:errors.sendFailed')
  }
}

/** Sends, answering the product's failure text for what went wrong underneath (as the form does). */
async function sending(work: () => Promise<SendOutcome>) {
  let outcome: SendOutcome
  try {
    outcome = await work()
  } catch (error) {
    logger.error({ err: error }, 'sending a message failed')
    throw refuse(500, 'messages:errors.sendFailed')
  }
  return sent(outcome)
}

/** POST /messages/conversations: a new conversation (recipients, a tag), or with `conversation` a message in one of mine. */
export async function sendMessageCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, SendMessageBody)
  const { brand, user } = await messagesIn(args, body.brandId)
  if (body.conversation) {
    const { participant, conversation } = await myConversation(args, body.conversation)
    if (conversation.brandId !== brand.id) throw refuse(404, 'api:errors.notFound')
    const values = ReplySchema.safeParse({ body: body.message, files: [] })
    if (!values.success) firstProblem(values.error.issues)
    return sending(() =>
      sendReply({ brand, conversation, from: participant, senderName: senderLabel(user), values: values.data }),
    )
  }
  const values = NewMessageSchema.safeParse({
    recipientIds: body.recipients ?? [],
    tagIds: body.tagIds ?? [],
    body: body.message,
    files: [],
  })
  if (!values.success) firstProblem(values.error.issues)
  return sending(() => startConversation({ brand, sender: user, values: values.data }))
}

/** POST /messages/conversations/external: to one person outside the community, by email or text message. */
export async function sendExternalCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, ExternalMessageBody)
  const { brand, user } = await messagesIn(args, body.brandId)
  const values = NewMessageSchema.safeParse({
    externalName: body.name ?? '',
    externalEmail: body.emailAddress,
    externalPhone: body.phoneNumber,
    body: body.message,
    files: [],
  })
  if (!values.success) firstProblem(values.error.issues)
  return sending(() => startConversation({ brand, sender: user, values: values.data }))
}

/** GET /messages/conversations with page: mine in the community, newest first. */
export async function listConversationsCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, ConversationsQuery)
  const { brand, user } = await messagesIn(args, query.brandId)
  return listConversations(brand.id, user.id, query.page ?? 0)
}

/** GET /messages/conversations/{id}: who is in it and its messages. Reading it here does not mark it read (last-read-event does). */
export async function conversationCall(args: ApiArgs) {
  await requireUser(args)
  const { participant, conversation } = await myConversation(args, args.params.id)
  return conversationView(conversation, participant)
}

/** GET /messages/conversations/{id}/events with page: its messages, CONVERSATIONS_PER_PAGE a page, page 0 the newest (oldest first within a page). */
export async function conversationEventsCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, EventsQuery)
  const { participant, conversation } = await myConversation(args, args.params.id)
  const { messages } = await conversationView(conversation, participant)
  const page = query.page ?? 0
  const end = Math.max(0, messages.length - page * CONVERSATIONS_PER_PAGE)
  return {
    events: messages.slice(Math.max(0, end - CONVERSATIONS_PER_PAGE), end),
    page,
    more: end > CONVERSATIONS_PER_PAGE,
  }
}

/** GET /messages/conversations/unread-event-count: unread messages in all my conversations of the community. */
export async function unreadCountCall(args: ApiArgs) {
  await requireUser(args)
  const query = readQuery(args.request, UnreadQuery)
  const { brand, user } = await messagesIn(args, query.brandId)
  return { count: await unreadCount(brand.id, user.id) }
}

/** POST /messages/conversations/last-read-event with conversation: everything in it is read. */
export async function lastReadCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, LastReadBody)
  const { participant } = await myConversation(args, body.conversation)
  await markRead(participant)
  return { conversationId: participant.conversationId, unread: 0 }
}

/** POST /messages/conversations/ensure-user-conversation with brandId and userId: our direct conversation, found or started. */
export async function ensureConversationCall(args: ApiArgs) {
  await requireUser(args)
  const body = await readBody(args.request, EnsureConversationBody)
  const { brand, user } = await messagesIn(args, body.brandId)
  const outcome = await ensureUserConversation(brand.id, user.id, body.userId)
  if (outcome.kind === 'unreachable') throw refuse(404, 'messages:errors.recipientUnknown')
  return json({ conversationId: outcome.conversationId }, outcome.kind === 'started' ? 201 : 200)
}
