import type { RequestCache } from '#app/lib/request-cache.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Per-request memo shared by the loaders of one request (see request-cache.server.ts). */
    cache: RequestCache
    /** The client's IP address, for per-address rate limits. */
    clientAddress: string
  }
}
