import type { LoaderFunctionArgs } from '@remix-run/node'
import { messagesPage } from '#app/lib/messages/conversation-access.server'
import { listConversations, unreadCount } from '#app/lib/messages/conversations.server'

/** The messages drawer: my conversations in this community, newest first (paged from 0), and what I have not read. */
export async function messagesLoader(args: LoaderFunctionArgs) {
  const { brand, user, home, messages } = await messagesPage(args)
  const raw = new URL(args.request.url).searchParams.get('page') ?? ''
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 0
  const [listing, unread] = await Promise.all([
    listConversations(brand.id, user.id, page),
    unreadCount(brand.id, user.id),
  ])
  return { home, messages, listing, unread }
}
