import type { RequestCache } from '#app/lib/platform/request-cache.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Per-request memo shared by the loaders of one request (see request-cache.server.ts). */
    cache: RequestCache
    /** The client's IP address, for per-address rate limits. */
    clientAddress: string
    /** The request's id (server.js): in its log line, its X-Request-Id, and the meeting pass it issues. */
    requestId?: string
  }
}

declare module '@remix-run/server-runtime' {
  // Loader and action types follow single fetch (turbo-stream), which remix.config.js turns on.
  interface Future {
    v3_singleFetch: true
  }
}
