// The production web server: Express around the Remix build, with compression, caching headers,
// request logging and the security headers that do not depend on the page (entry.server.tsx sets
// the Content-Security-Policy and framing rules per document).
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { Server as NetServer } from 'node:net'
import { createRequestHandler } from '@remix-run/express'
import { broadcastDevReady } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { pino } from 'pino'

process.env.NODE_ENV ??= 'production'

/** Paths can carry secrets (magic links, callback tokens): log the route, never the token. */
function loggablePath(url) {
  const path = url.split('?')[0]
  return path.replace(/^\/ml\/[^/]+/, '/ml/:id')
}

// Importing the build parses the environment (app/lib/platform/env.server.ts, .env included) and fails fast.
const build = await import('./build/index.js')
const port = Number(process.env.PORT ?? 3000)
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' })
const app = express()
app.disable('x-powered-by')
// Forwarded-for headers count only when they come from a proxy on a private network (the usual
// load balancer); anyone else could forge them to dodge per-address rate limits.
app.set('trust proxy', 'loopback, linklocal, uniquelocal')
app.use(compression())
app.use(logRequest)

const { recordRequest, routeLabeler, metricsAddress, metricsRegistry, requestContext, watchProcessErrors } =
  build.entry.module
// A failure nobody handled is logged with the id of the request it came from (media-edge/shared/process-errors.ts).
watchProcessErrors(logger)
const routeLabel = routeLabeler(build.routes)

/**
 * Each request's id: the proxy's X-Request-Id (nginx's $request_id) when a trusted proxy sent one,
 * a new one otherwise. It is in the request's log line and the answer's X-Request-Id, and the
 * meeting pass carries it to the edge's log lines for that person (docs/operations.md#logs).
 */
const REQUEST_ID = /^[\w-]{8,64}$/
const trustedProxy = app.get('trust proxy fn')
function requestIdOf(req) {
  const forwarded = req.get('x-request-id')
  return trustedProxy(req.socket.remoteAddress ?? '', 0) && forwarded && REQUEST_ID.test(forwarded)
    ? forwarded
    : randomUUID()
}

/**
 * One log line and one metrics sample per request, when it is answered or dropped. The level is
 * known before anything is built, so with LOG_LEVEL=warn (or a quiet production) a request's log
 * costs a comparison; pino-http built a child logger and its serializers for every request whatever
 * the level (a few percent of a page's server time).
 */
function logRequest(req, res, next) {
  const started = performance.now()
  res.locals.requestId = requestIdOf(req)
  res.set('X-Request-Id', res.locals.requestId)
  // A client that leaves before its answer is sent is no server error: the status decides, as for any request.
  const done = (message) => {
    const seconds = (performance.now() - started) / 1000
    recordRequest(
      routeLabel(req.path, res.statusCode),
      req.method,
      res.writableFinished ? res.statusCode : 'aborted',
      seconds,
    )
    const level = res.statusCode >= 500 ? 'error' : /^\/(healthz|readyz)$/.test(req.path) ? 'debug' : 'info'
    if (!logger.isLevelEnabled(level)) return
    logger[level](
      {
        reqId: res.locals.requestId,
        req: { method: req.method, path: loggablePath(req.originalUrl) },
        res: { status: res.statusCode },
        responseTime: Math.round(seconds * 1000),
      },
      message,
    )
  }
  res.once('finish', () => done('request completed'))
  res.once('close', () => res.writableFinished || done('request aborted'))
  requestContext.run(res.locals.requestId, next)
}
// Set on SIGTERM: from then on every answer closes its connection, so none is kept for a next request.
let stopping = false
app.use((req, res, next) => {
  if (stopping) res.set('Connection', 'close')
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
  })
  if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
})

// Request bodies. The limits are named once, in app/lib/http/form-body.server.ts (entry.server.tsx hands
// them over): FORM_BODY_LIMIT for a form, UPLOAD_BODY_LIMIT for a multipart post, which only a route
// that takes files accepts whole. A declared Content-Length over its limit is refused here, before a
// byte is read. What actually streams in (a chunked body declares no length) is counted by readForm(),
// the one way an action reads its form, and cut at the route's own limit with the same 413 page.
const { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT, MEDIA_BODY_LIMIT, MESSAGE_BODY_LIMIT } = build.entry.module
// The media library's uploads (/{brand}/media and /{brand}/media/upload) take a batch of videos: the
// route streams each file to disk and cuts it at its own size limit (app/lib/media/media-upload.server.ts).
const isMediaUpload = (path) => /^\/[^/]+\/media(\/upload)?\/?$/.test(path)
// The message forms (new message, a conversation, an external recipient's reply link, and the
// waiting room's message for a host) take a video the same way (app/lib/messages/message-form.server.ts).
const isMessageForm = (path) =>
  /^\/[^/]+\/messages\/(new|[A-Za-z0-9_-]{36}|reply\/[A-Za-z0-9_-]+)\/?$/.test(path) ||
  path === '/resources/call-message'
const multipartLimit = (path) =>
  isMediaUpload(path) ? MEDIA_BODY_LIMIT : isMessageForm(path) ? MESSAGE_BODY_LIMIT : UPLOAD_BODY_LIMIT
app.use((req, res, next) => {
  // An answer sent before its body was read (refused here or by readForm): the rest is dropped as it
  // arrives, so the connection can serve the next request, but an endless upload would make that
  // last: the client gets a moment to read the answer, then the connection closes. (Closing at once
  // would reset it with the answer still unread.)
  res.once('finish', () => {
    if (req.complete) return
    req.removeAllListeners('data')
    req.resume()
    setTimeout(() => req.complete || req.socket.destroy(), 2_000).unref()
  })
  if (isOddPath(req.path)) return refuse(400, req, res, next)
  const multipart = /^multipart\/form-data\b/i.test(req.get('content-type') ?? '')
  const limit = multipart ? multipartLimit(req.path) : FORM_BODY_LIMIT
  if (Number(req.get('content-length')) > limit) return refuse(413, req, res, next)
  next()
})

/**
 * An address no route can name, which would otherwise reach the database or a decoder as it is:
 * bad percent-encoding, NUL or other control characters, or a segment longer than any slug or id.
 */
function isOddPath(path) {
  try {
    return path.split('/').some((segment) => {
      const decoded = decodeURIComponent(segment)
      // eslint-disable-next-line no-control-regex -- control characters are what this refuses
      return decoded.length > 255 || /[\u0000-\u001f\u007f]/.test(decoded)
    })
  } catch {
    return true
  }
}

/**
 * Answers a request before Remix reads it, and still with the app's own page in the visitor's
 * language and theme: the request goes on as a bodiless GET of the refusal page
 * (app/routes/[_]refused.$status.tsx), keeping its cookies and Accept-Language.
 */
function refuse(status, req, res, next) {
  req.method = 'GET'
  req.url = req.originalUrl = `/_refused/${status}`
  next()
}

// Fingerprinted build output never changes under its name; everything else in public/ may.
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
// Every file there has an extension (favicon.svg, hash-link.js, uploads/avatars/….png) and no page's
// last segment does: pages skip the file lookup, a stat on the thread pool for each request.
const publicFiles = express.static('public', { maxAge: '1h' })
app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()))

app.all(
  '*',
  createRequestHandler({
    build,
    getLoadContext: (req, res) => ({
      cache: new Map(),
      clientAddress: req.ip ?? 'unknown',
      requestId: res.locals.requestId,
    }),
  }),
)

// Expired sessions, codes, links and rate-limit windows, and old delivered mail, pruned every hour
// (app/lib/platform/housekeeping.server.ts); safe with several web processes doing the same.
const stopHousekeeping = build.entry.module.startHousekeeping()
// Scheduled posts published when due (app/lib/posts/post-scheduler.server.ts): each web process
// runs one; a post is published by one conditional update, so several never publish it twice.
const stopPostScheduler = build.entry.module.startPostScheduler()
// The daily notification digest (app/lib/notifications/digest.server.ts): each web process runs one;
// a member's day and each notification are claimed by conditional updates, so none is mailed twice.
const stopNotificationDigest = build.entry.module.startNotificationDigest()

// LISTEN_HOST (checked by the environment's schema when the build was imported): unset, every interface.
const host = process.env.LISTEN_HOST || undefined
const server = app.listen(port, host, () => {
  logger.info({ port, host }, `Hearth web listening on http://${host ?? 'localhost'}:${port}`)
  // Under `remix dev` (npm run dev), which restarts this server after each rebuild and waits for this signal.
  if (process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build)
})
// Prometheus metrics on a port of their own, for the operator's scraper only (METRICS_PORT, METRICS_HOST).
const metricsServer =
  metricsAddress &&
  createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') return void res.writeHead(404).end()
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(text),
      (error) => {
        logger.error({ err: error }, 'metrics failed')
        res.writeHead(500).end()
      },
    )
  }).listen(metricsAddress.port, metricsAddress.host, () =>
    logger.info(metricsAddress, `metrics on http://${metricsAddress.host}:${metricsAddress.port}/metrics`),
  )

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    metricsServer?.close()
    stopHousekeeping()
    // Jobs left in the queue (or rows left scheduled) are the next process's: nothing is lost.
    const stopped = Promise.all([stopPostScheduler(), stopNotificationDigest()]).catch(() => undefined)
    stopping = true
    // net.Server's close, not http.Server's: Node's also drops every connection it deems idle, and that includes
    // one whose request has arrived but not been read yet (a busy process), which nginx then sees reset. Here
    // each connection ends by itself: after its answer (Connection: close), or after keepAliveTimeout when idle.
    NetServer.prototype.close.call(
      server,
      () => void stopped.then(() => build.entry.module.closeConnections()).then(() => process.exit(0)),
    )
    // Open live streams would hold server.close() for minutes (each ends within 10): their browsers reconnect elsewhere.
    build.entry.module.endLiveStreams()
  })
}
