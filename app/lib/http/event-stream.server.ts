/** A comment line every so often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000

/**
 * A server-sent events response for a live route. `subscribe` is handed `send(data)` and returns
 * the function that stops listening; that runs when the browser goes away. Each event is one
 * `data:` line of JSON (ids only: the page re-reads what it may see through its own loader).
 */
export function eventStream(request: Request, subscribe: (send: (data: unknown) => void) => () => void): Response {
  const encoder = new TextEncoder()
  let stop = () => {}
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          stop()
        }
      }
      write(': live\n\n')
      const unsubscribe = subscribe((data) => write(`data: ${JSON.stringify(data)}\n\n`))
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS)
      stop = () => {
        unsubscribe()
        clearInterval(keepAlive)
      }
      request.signal.addEventListener('abort', () => {
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
