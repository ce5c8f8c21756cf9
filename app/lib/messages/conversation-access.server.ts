import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage, requireUser } from '../http/guards.server'
import { routeMessages } from '../i18n/page-language.server'
import { drawerPage } from '../communities/drawer-page.server'
import { participation } from './conversations.server'

/**
 * Every messages page: the left drawer's guard (the community's members; never guests), the home
 * it opens over, and the drawer's and the messages' texts.
 */
export async function messagesPage(args: LoaderFunctionArgs) {
  const [{ access, home, messages }, own] = await Promise.all([drawerPage(args), routeMessages(args, 'messages')])
  const user = await requireUser(args)
  return { brand: access.brand, user, home, messages: { ...messages, ...own } }
}

/**
 * A conversation's page: only its participants read or write in it. To anyone else it does not
 * exist (404), so an address does not tell who talks to whom.
 */
export async function requireConversation(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  const found = await participation(brand.id, args.params.conversationId, user.id)
  if (!found) throw new Response('Not found', { status: 404 })
  return { brand, user, ...found }
}
