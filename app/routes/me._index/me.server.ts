import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/lib/session.server'
import { userCommunities } from '#app/lib/user-rooms.server'

/** The me screen: the signed-in user's communities, standing and personal rooms. */
export async function meLoader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  return { communities: await userCommunities(user.id) }
}
