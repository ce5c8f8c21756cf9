import type { LoaderFunctionArgs } from '@remix-run/node'
import { eventStream } from '#app/lib/http/event-stream.server'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { listenForMessages } from '#app/lib/messages/message-events.server'

// The messages pages' live stream (server-sent events): one event per message that arrives for
// the signed-in member in this community. The pages' useLiveRevalidation re-reads its data on each.
export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  return eventStream(args, user.id, (send) =>
    listenForMessages(user.id, (event) => {
      if (event.brandId === brand.id) send({ conversationId: event.conversationId, messageId: event.messageId })
    }),
  )
}
