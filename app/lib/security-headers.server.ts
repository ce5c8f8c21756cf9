import { randomBytes } from 'node:crypto'
import { env } from './env.server'

export function newNonce() {
  return randomBytes(16).toString('base64')
}

/**
 * Document security headers. Scripts run only from our origin or with this response's nonce
 * (Remix's own inline scripts carry it). Pages refuse framing by other sites unless their route
 * says it is made for embedding (`handle.embeddable`: the directory widget, /embedded).
 */
export function documentSecurityHeaders(
  nonce: string,
  options: { embeddable: boolean; connectSources?: string[] },
): Record<string, string> {
  // The default edge, plus any a page names (the meeting room's edge when several edges share the load).
  const connect = new Set<string>()
  for (const address of [env.EDGE_PUBLIC_URL, ...(options.connectSources ?? [])]) {
    try {
      const url = new URL(address)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
      connect.add(url.origin)
      connect.add(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`)
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...connect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    options.embeddable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ]
  const headers: Record<string, string> = { 'Content-Security-Policy': directives.join('; ') }
  if (!options.embeddable) headers['X-Frame-Options'] = 'SAMEORIGIN'
  return headers
}
