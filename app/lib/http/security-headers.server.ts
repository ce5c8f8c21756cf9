import { randomBytes } from 'node:crypto'
import { env } from '../platform/env.server'
import { EMBED_FRAME_SOURCES } from '../posts/embeds'

export function newNonce() {
  return randomBytes(16).toString('base64')
}

/** The origin of an http(s) URL, or null for anything else. */
function httpOrigin(address: string): URL | null {
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/**
 * Document security headers. Scripts run only from our origin or with this response's nonce
 * (Remix's own inline scripts carry it). Pages refuse framing by other sites unless their route
 * names the sites that may frame it (`handle.frameAncestors`: a meeting room and the directory, for
 * their community's embedding page; /embedded, for the main site's; docs/decisions/0007-embedding.md).
 * `embeddable` (any site) is kept for a page that truly belongs everywhere; none does today.
 */
export function documentSecurityHeaders(
  nonce: string,
  options: { embeddable: boolean; connectSources?: string[]; frameAncestors?: string[] },
): Record<string, string> {
  // The default edge, plus any a page names (the meeting room's edge when several edges share the load).
  const connect = new Set<string>()
  for (const url of [env.EDGE_PUBLIC_URL, ...(options.connectSources ?? [])].map(httpOrigin)) {
    if (!url) continue
    connect.add(url.origin)
    connect.add(`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`)
  }
  const ancestors = new Set((options.frameAncestors ?? []).flatMap((address) => httpOrigin(address)?.origin ?? []))
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...connect].join(' ')}`,
    // Only the video players a post may embed (app/lib/posts/embeds.ts builds them from an id alone).
    `frame-src ${EMBED_FRAME_SOURCES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    options.embeddable ? 'frame-ancestors *' : ["frame-ancestors 'self'", ...ancestors].join(' '),
  ]
  const headers: Record<string, string> = { 'Content-Security-Policy': directives.join('; ') }
  // X-Frame-Options, for browsers without frame-ancestors, cannot name another site: only for pages no other site may frame.
  if (!options.embeddable && ancestors.size === 0) headers['X-Frame-Options'] = 'SAMEORIGIN'
  return headers
}
