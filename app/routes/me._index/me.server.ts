import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/lib/session.server'
import { userCommunities } from '#app/lib/user-rooms.server'
import { routeMessages } from '#app/lib/page-language.server'

/** The me screen: the signed-in user's communities, standing and personal rooms. */
export async function meLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args.request, args.context)
  return { messages: await routeMessages(args, 'account'), communities: await userCommunities(user.id) }
}
