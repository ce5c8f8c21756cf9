import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { ID_PATTERN } from '#models/ids'
import { requireCommunity, requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { newPostAction } from '#app/lib/posts/post-actions.server'
import { roomPostRights } from '#app/lib/posts/post-guard.server'

/**
 * `/{brand}/posts/new?room={id}`: where a feed on a page without a post action of its own (a
 * group page) sends its composer. It comes back to that page on success; a refused post is shown
 * here with the product's message and what was typed. Opened directly, it is a plain composer.
 */
export async function newPostLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  const brand = await requireCommunity(args)
  const roomId = new URL(args.request.url).searchParams.get('room') ?? ''
  const found = ID_PATTERN.test(roomId) ? await roomPostRights(brand, user.id, roomId) : null
  if (!found) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const { room } = found
  const mayPost = found.rights.post
  return data(
    {
      messages: await routeMessages(args, 'posts'),
      community: { slug: brand.slug },
      room: { id: room.id, name: room.name ?? room.slug },
      mayPost,
    },
    { status: mayPost ? 200 : 403 },
  )
}

export const newPostPageAction = (args: ActionFunctionArgs) =>
  newPostAction(args, { fallback: `/${args.params.brand}` })
