import { PassThrough } from 'node:stream'
import type { EntryContext, HandleErrorFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import './lib/platform/db.server'
import { logger } from './lib/platform/logger.server'
import { NonceContext } from './lib/platform/nonce'
import { documentSecurityHeaders, newNonce } from './lib/http/security-headers.server'

export const streamTimeout = 5_000

// server.js starts the periodic pruning of expired rows through the build (build.entry.module).
export { startHousekeeping } from './lib/platform/housekeeping.server'
// …and the publishing of scheduled posts (a BullMQ queue with REDIS_URL, a database poller without).
export { startPostScheduler } from './lib/posts/post-scheduler.server'
export { startNotificationDigest } from './lib/notifications/digest.server'
// …and, on shutdown, ends the live streams (their browsers reconnect to the next process) so server.close() can finish.
export { endLiveStreams } from './lib/http/event-stream.server'
// …and, once the last answer is out, closes its database and Redis connections.
export { closeConnections } from './lib/platform/connections.server'
// server.js refuses an oversized body before Remix reads it; it takes the limits from here so they are named once.
export { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './lib/http/form-body.server'
export { MEDIA_BODY_LIMIT } from './lib/media/media-rules'
export { MESSAGE_BODY_LIMIT } from './lib/messages/message-form.server'
// …and counts each request in the metrics it serves on METRICS_PORT.
export { recordRequest, metricsAddress, registry as metricsRegistry } from './lib/platform/metrics.server'
export { routeLabeler } from './lib/platform/route-label.server'
export { requestContext, watchProcessErrors } from '#edge/shared/process-errors'

/** What a route's `handle` may say about the document's security headers (see security-headers.server). */
type RouteSecurity = {
  embeddable?: boolean
  connectSources?: (data: unknown) => string[]
  frameAncestors?: (data: unknown) => string[]
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = newNonce()
  const { matches, loaderData } = remixContext.staticHandlerContext
  const handles = matches.map((match) => ({
    handle: remixContext.routeModules[match.route.id]?.handle as RouteSecurity | undefined,
    data: loaderData[match.route.id],
  }))
  const headers = documentSecurityHeaders(nonce, {
    embeddable: handles.some(({ handle }) => handle?.embeddable),
    // Routes may name more origins the page connects to (the meeting room: the edge hosting it)
    // and sites that may frame it (the meeting room: its community's embedding page).
    connectSources: handles.flatMap(({ handle, data }) => handle?.connectSources?.(data) ?? []),
    frameAncestors: handles.flatMap(({ handle, data }) => handle?.frameAncestors?.(data) ?? []),
  })
  for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value)

  // Every document goes out whole, in one buffer, once React has rendered all of it. Loaders have
  // finished before rendering starts and no route defers data, so a page is ready a few
  // milliseconds after its shell; streaming it in React's small chunks instead cost a compression
  // pass and a socket write per chunk (zlib alone was a tenth of the bare route's server time).
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          const chunks: Buffer[] = []
          const body = new PassThrough()
          body.on('data', (chunk: Buffer) => chunks.push(chunk))
          body.on('end', () => {
            clearTimeout(deadline)
            const html = Buffer.concat(chunks)
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            responseHeaders.set('Content-Length', String(html.length))
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
          })
          pipe(body)
        },
        onShellError(error: unknown) {
          clearTimeout(deadline)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error }, 'render failed')
        },
      },
    )
    const deadline = setTimeout(abort, streamTimeout + 1_000)
  })
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, 'request failed')
}
