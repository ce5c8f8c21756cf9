// The feeds as pages show them, for one viewer: the community home's hub feed and a room's feed,
// with the buttons the viewer may use and whether they may write a post there.
import { permissionsHeld } from '#models/access'
import type { PermissionSlug } from '#models/permissions'
import { postRights, roomRights } from '#models/post-access'
import { Room, type Brand } from '#models/index'
import { authorFilter } from '../connections/visibility.server'
import { communityFeed, hubFeed, roomFeed, type AuthorFilter, type Feed } from './posts.server'
import { rightsByRoom, shown, shownThread, type ShownPost, type ShownThread } from './post-view.server'

export type FeedView = {
  /** The room a new post goes to (the hub on the community home), or null when there is none. */
  roomId: string | null
  canPost: boolean
  signedIn: boolean
  posts: Array<ShownPost & { comments: ShownThread }>
  page: number
  hasMore: boolean
}

async function view(brand: Brand, userId: string | null, feed: Feed, room: Room | null): Promise<FeedView> {
  const roomIds = feed.posts.map((post) => post.roomId)
  const rights = await rightsByRoom(brand, userId, room ? [...roomIds, room.id] : roomIds)
  return {
    roomId: room?.id ?? null,
    canPost: room ? (rights.get(room.id)?.post ?? false) : false,
    signedIn: userId !== null,
    posts: feed.posts.map((post) => ({
      ...shown(post, rights, userId),
      comments: shownThread(post.comments, rights, userId),
    })),
    page: feed.page,
    hasMore: feed.hasMore,
  }
}

/** `?page=` of a feed's address: a whole number from 0 (anything else is the first page). */
export function feedPage(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 0)
  return Number.isInteger(page) && page >= 0 && page < 10_000 ? page : 0
}

/**
 * The community home's feed. The filter (app/lib/connections/visibility.server.ts authorFilter)
 * leaves out the posts of those the viewer blocked or muted, or who blocked them, and puts a
 * notice in place of the comments of those the viewer blocked or muted.
 */
export async function hubFeedView(
  brand: Brand,
  userId: string | null,
  options: AuthorFilter & { page: number },
): Promise<FeedView> {
  const held = await permissionsHeld(userId, brand.id)
  const feed = await hubFeed(brand, { viewerId: userId, hasCommunityAccess: held.has('access-community'), ...options })
  const hub = brand.topLevelRoomId
    ? await Room.findOne({ where: { id: brand.topLevelRoomId, brandId: brand.id, deleted: false } })
    : null
  return view(brand, userId, feed, hub)
}

/** GET activityfeed: every room's posts the viewer may read, newest first (no composer: it is no one room's feed). */
export async function communityFeedView(
  brand: Brand,
  userId: string | null,
  options: AuthorFilter & { page: number },
): Promise<FeedView> {
  const held = await permissionsHeld(userId, brand.id)
  const feed = await communityFeed(brand, {
    viewerId: userId,
    hasCommunityAccess: held.has('access-community'),
    ...options,
  })
  return view(brand, userId, feed, null)
}

/**
 * A room's feed for a page that shows one (a group's, an event's), null when the viewer may not
 * read it (the room does not admit them, or an event's hidden feed they do not run), with what they
 * hold in the room for the page's other buttons. Those the viewer blocked or muted, or who blocked
 * them, are left out (authorFilter).
 */
export async function readableRoomFeed(
  request: Request,
  brand: Brand,
  room: Room,
  userId: string | null,
): Promise<{ feed: FeedView | null; held: ReadonlySet<PermissionSlug> }> {
  const { rights, held } = await roomRights(userId, brand, room)
  if (room.status !== 'active' || !rights.read) return { feed: null, held }
  const filter = await authorFilter(userId, brand.id)
  return { feed: await roomFeedView(brand, room, userId, { ...filter, page: feedPage(request) }), held }
}

/** A room's feed (a group page includes it through PostFeed); the room was already admitted by the page's guard. */
export async function roomFeedView(
  brand: Brand,
  room: Room,
  userId: string | null,
  options: AuthorFilter & { page: number },
): Promise<FeedView> {
  const feed = await roomFeed(room.id, { viewerId: userId, ...options })
  return view(brand, userId, feed, room)
}

export { postRights }
