// The production web server: Express around the Remix build, with compression, caching headers,
// request logging and the security headers that do not depend on the page (entry.server.tsx sets
// the Content-Security-Policy and framing rules per document).
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import { pino } from 'pino'
import { pinoHttp } from 'pino-http'

process.env.NODE_ENV ??= 'production'

/** Paths can carry secrets (magic links, callback tokens): log the route, never the token. */
function loggablePath(url) {
  const path = url.split('?')[0]
  return path.replace(/^\/ml\/[^/]+/, '/ml/:id')
}

// Importing the build parses the environment (app/lib/env.server.ts, .env included) and fails fast.
const build = await import('./build/index.js')
const port = Number(process.env.PORT ?? 3000)
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' })
const app = express()
app.disable('x-powered-by')
// Forwarded-for headers count only when they come from a proxy on a private network (the usual
// load balancer); anyone else could forge them to dodge per-address rate limits.
app.set('trust proxy', 'loopback, linklocal, uniquelocal')
app.use(compression())
app.use(
  pinoHttp({
    logger,
    serializers: {
      req: (req) => ({ method: req.method, path: loggablePath(req.url) }),
      res: (res) => ({ status: res.statusCode }),
    },
    customLogLevel: (req, res, error) => (error || res.statusCode >= 500 ? 'error' : req.url === '/healthz' ? 'debug' : 'info'),
  }),
)
app.use((req, res, next) => {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
  })
  if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
})

// Fingerprinted build output never changes under its name; everything else in public/ may.
app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
app.use(express.static('public', { maxAge: '1h' }))

app.all('*', createRequestHandler({ build, getLoadContext: (req) => ({ cache: new Map(), clientAddress: req.ip ?? 'unknown' }) }))

// Expired sessions, codes, links and rate-limit windows, and old delivered mail, pruned every hour
// (app/lib/housekeeping.server.ts); safe with several web processes doing the same.
const stopHousekeeping = build.entry.module.startHousekeeping()

const server = app.listen(port, () => logger.info({ port }, `Hearth web listening on http://localhost:${port}`))
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    stopHousekeeping()
    server.close(() => process.exit(0))
  })
}
