import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStream } from '#app/lib/http/event-stream.server'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { listenForNotifications } from '#app/lib/notifications/notification-events.server'

// The notifications badge's live stream (server-sent events): one event each time a notification
// arrives for the signed-in member in this community, or theirs are read on another page. The
// header's useLiveRevalidation re-reads the count on each; without JavaScript the next page load does.
export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  return eventStream(args, user.id, (send) =>
    listenForNotifications(user.id, (event) => {
      if (event.brandId === brand.id) send({ type: event.type })
    }),
  )
}
