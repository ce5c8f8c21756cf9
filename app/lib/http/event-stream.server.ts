import type { LoaderFunctionArgs } from '@remix-run/node'
import { translatorFor } from '../i18n/i18n.server'
import { pageLanguage } from '../i18n/page-language.server'
import { STREAM_TIMES, claimStreamSlot } from './stream-caps.server'

/** A comment line every so often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000

/** How each open stream ends, for endLiveStreams. */
const open = new Set<() => void>()

/**
 * Ends every open stream (the server shutting down): each one's browser reconnects, to the next
 * process, and server.close() need not wait for streams that would otherwise last minutes.
 */
export function endLiveStreams() {
  for (const end of [...open]) end()
}

/**
 * A server-sent events response for a live route. `subscribe` is handed `send(data)` and returns
 * the function that stops listening; that runs when the browser goes away or the stream ends. Each
 * event is one `data:` line of JSON (ids only: the page re-reads what it may see through its own
 * loader). A client (and `userId`, when signed in) past its cap of open streams is answered 429
 * (stream-caps.server.ts), and every stream ends after STREAM_TIMES.maxLifeMs: its slot is given back
 * then, or as soon as the browser leaves or the server shuts down.
 */
export async function eventStream(
  args: Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>,
  userId: string | null,
  subscribe: (send: (data: unknown) => void) => () => void,
): Promise<Response> {
  const release = claimStreamSlot({ clientAddress: args.context.clientAddress, userId })
  if (!release) return refusal(args)
  const { signal } = args.request
  const encoder = new TextEncoder()
  let end = release
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false
      let unsubscribe = () => {}
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS)
      const life = setTimeout(() => finish(), STREAM_TIMES.maxLifeMs * (0.9 + Math.random() * 0.1))
      const finish = () => {
        if (ended) return
        ended = true
        unsubscribe()
        clearInterval(keepAlive)
        clearTimeout(life)
        open.delete(finish)
        signal.removeEventListener('abort', finish)
        release()
        try {
          controller.close()
        } catch {
          // Already closed, or cancelled by the reader.
        }
      }
      const write = (text: string) => {
        if (ended) return
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          finish()
        }
      }
      end = finish
      open.add(finish)
      signal.addEventListener('abort', finish)
      // `retry:` is how soon the browser reconnects when this stream ends (its own default is a few seconds).
      write(`: live\nretry: ${STREAM_TIMES.reconnectMs}\n\n`)
      if (signal.aborted) finish()
      if (!ended) unsubscribe = subscribe((data) => write(`data: ${JSON.stringify(data)}\n\n`))
    },
    cancel() {
      end()
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

/** Too many streams open: a short text in the page's language (EventSource shows none, a person with curl does). */
async function refusal(args: Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>) {
  const t = translatorFor(await pageLanguage(args))
  return new Response(t('common:errors.tooManyStreams', { seconds: STREAM_TIMES.refusalRetrySeconds }), {
    status: 429,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(STREAM_TIMES.refusalRetrySeconds),
    },
  })
}
