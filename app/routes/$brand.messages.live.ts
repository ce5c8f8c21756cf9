import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunityPage, requireUser } from '#app/lib/http/guards.server'
import { listenForMessages } from '#app/lib/messages/message-events.server'

/** A comment line every so often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000

// The messages pages' live stream (server-sent events): one `message` event per message that
// arrives for the signed-in member in this community. The pages' useLiveMessages re-reads its data
// on each; the event carries ids only, never text.
export async function loader(args: LoaderFunctionArgs) {
  const { brand } = await requireCommunityPage(args, 'drawer')
  const user = await requireUser(args)
  const encoder = new TextEncoder()
  let stop = () => {}
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          stop()
        }
      }
      send(': live\n\n')
      const unsubscribe = listenForMessages(user.id, (event) => {
        if (event.brandId === brand.id) send(`data: ${JSON.stringify({ conversationId: event.conversationId, messageId: event.messageId })}\n\n`)
      })
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS)
      stop = () => {
        unsubscribe()
        clearInterval(keepAlive)
      }
      args.request.signal.addEventListener('abort', () => {
        stop()
        try {
          controller.close()
        } catch {
          // Already closed.
        }
      })
    },
    cancel() {
      stop()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the server's compression would otherwise hold the events back in its buffer.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  })
}
