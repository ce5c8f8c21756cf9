import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/lib/http/guards.server'
import { userCommunities } from '#app/lib/rooms/user-rooms.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/** The me screen: the signed-in user's communities, standing and personal rooms. */
export async function meLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  return { messages: await routeMessages(args, 'account'), communities: await userCommunities(user.id) }
}
