// A group page's feed and follow button: the group's posts for whoever its room
// admits (the posts' own access check, models/post-access.ts), composed through
// /{brand}/posts/new, and a follow button for the members who may follow it.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { followsRoom } from '../connections/room-follows.server'
import { readableRoomFeed, type FeedView } from '../posts/feed.server'
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
  const { feed, held } = await readableRoomFeed(args.request, brand, room, userId)
  if (!feed) return { feed: null, origin, following: null }
  // Following is the contacts drawer's, so for members of the community only.
  const following = userId && held.has('access-community') ? await followsRoom(userId, room.id) : null
  return { feed, origin, following }
}
