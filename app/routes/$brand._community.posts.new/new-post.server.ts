import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Op } from 'sequelize'
import { permissionsHeld } from '#models/access'
import { postRights } from '#models/post-access'
import { Room } from '#models/index'
import { requireCommunity, requireUser } from '#app/lib/http/guards.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { newPostAction } from '#app/lib/posts/post-actions.server'

/**
 * `/{brand}/posts/new?room={id}`: where a feed on a page without a post action of its own (a
 * group page) sends its composer. It comes back to that page on success; a refused post is shown
 * here with the product's message and what was typed. Opened directly, it is a plain composer.
 */
export async function newPostLoader(args: LoaderFunctionArgs) {
  const user = await requireUser(args)
  const brand = await requireCommunity(args)
  const roomId = new URL(args.request.url).searchParams.get('room') ?? ''
  const room = roomId
    ? await Room.findOne({ where: { id: roomId, brandId: brand.id, status: 'active', deleted: { [Op.not]: true } } })
    : null
  if (!room) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const mayPost = postRights(user.id, brand, room, await permissionsHeld(user.id, brand.id, room.id)).post
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
