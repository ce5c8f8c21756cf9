// Live feeds: each post command tells the open feeds of the post's room that it changed,
// over one LiveBus on channel 'hearth:feed' keyed by room id. A post promoted to the hub feed (or an
// answer or reaction to one) is told to the hub room's feed too, as the community home shows it.
// Events carry ids only; a feed page re-reads what its viewer may see through its own loader.
import { Brand, Post } from '#models/index'
import { env } from '../platform/env.server'
import { LiveBus } from '../platform/live-bus.server'
import { logger } from '../platform/logger.server'

export type FeedChange = 'posted' | 'answered' | 'edited' | 'reacted' | 'pinned' | 'promoted' | 'removed'
export type FeedEvent = { change: FeedChange; roomId: string; postId: string }

type PostRef = Pick<Post, 'id' | 'brandId' | 'contextRoomId' | 'parentPostId' | 'promoted'>

let bus: LiveBus<FeedEvent> | null = null
const feedBus = () => (bus ??= new LiveBus<FeedEvent>({ redisUrl: env.REDIS_URL, channel: 'hearth:feed' }))

/** Whether the post's thread shows in the hub feed as a promoted post (a comment or reply: its top post's flag). */
async function onHubFeed(post: PostRef): Promise<boolean> {
  let top: Pick<Post, 'parentPostId' | 'promoted'> | null = post
  for (let depth = 0; top?.parentPostId && depth < 2; depth++)
    top = await Post.findByPk(top.parentPostId, { attributes: ['parentPostId', 'promoted'] })
  return Boolean(top?.promoted)
}

/**
 * Tells the feeds showing the post that it changed. Never throws: the change is saved, and a feed
 * that missed it shows it on its next load. `wasPromoted`: the post was on the hub feed before this
 * change (a post unpromoted or removed leaves it).
 */
export async function publishFeedChange(
  change: FeedChange,
  post: PostRef,
  { wasPromoted = false }: { wasPromoted?: boolean } = {},
): Promise<void> {
  try {
    const rooms = new Set([post.contextRoomId])
    if (wasPromoted || (await onHubFeed(post))) {
      const brand = await Brand.findByPk(post.brandId, { attributes: ['topLevelRoomId'] })
      if (brand?.topLevelRoomId) rooms.add(brand.topLevelRoomId)
    }
    for (const roomId of rooms) feedBus().publish(roomId, { change, roomId, postId: post.id })
  } catch (error) {
    logger.warn({ err: error, postId: post.id }, 'feed change could not be published')
  }
}

/** Calls `listener` for each change in the room's feed until the returned function is called. */
export function listenToFeed(roomId: string, listener: (event: FeedEvent) => void): () => void {
  return feedBus().listen(roomId, listener)
}
