// A group page's feed and follow button: the group's posts for whoever its room
// admits (the posts' own access check, models/post-access.ts), composed through
// /{brand}/posts/new, and a follow button for the members who may follow it.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { permissionsHeld } from '#models/access'
import { postRights } from '#models/post-access'
import { authorFilter } from '../connections/visibility.server'
import { followsRoom } from '../connections/room-follows.server'
import { feedPage, roomFeedView, type FeedView } from '../posts/feed.server'
import { type Brand, type Room } from '#models/index'

export type GroupFeed = { feed: FeedView | null; origin: string; following: boolean | null }

/** Null feed for a group that is not active or a visitor its room does not admit; `following` null where no button shows. */
export async function groupFeed(
  args: Pick<LoaderFunctionArgs, 'request'>,
  brand: Brand,
  room: Room,
  userId: string | null,
): Promise<GroupFeed> {
  const origin = new URL(args.request.url).origin
  if (room.status !== 'active') return { feed: null, origin, following: null }
  const held = await permissionsHeld(userId, brand.id, room.id)
  if (!postRights(userId, brand, room, held).read) return { feed: null, origin, following: null }
  const [feed, following] = await Promise.all([
    authorFilter(userId, brand.id).then((filter) =>
      roomFeedView(brand, room, userId, { ...filter, page: feedPage(args.request) }),
    ),
    // Following is the contacts drawer's, so for members of the community only.
    userId && held.has('access-community') ? followsRoom(userId, room.id) : null,
  ])
  return { feed, origin, following }
}
