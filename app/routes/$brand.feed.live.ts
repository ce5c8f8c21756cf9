import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStream } from '#app/lib/http/event-stream.server'
import { listenToFeed } from '#app/lib/posts/feed-events.server'
import { requireFeedRoom } from '#app/lib/posts/post-guard.server'

// A room's live feed (server-sent events): one event per post, comment, reply, reaction, pin,
// promotion or removal in the room, for whoever may read its feed. The hub feed, a group's feed and
// the single post view re-read their data on each (useLiveRevalidation).
export async function loader(args: LoaderFunctionArgs) {
  const { room, user } = await requireFeedRoom(args, new URL(args.request.url).searchParams.get('room'))
  return eventStream(args, user?.id ?? null, (send) =>
    listenToFeed(room.id, (event) => send({ change: event.change, postId: event.postId })),
  )
}
