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
export function documentSecurityHeaders(nonce: string, options: { embeddable: boolean }): Record<string, string> {
  const edge = new URL(env.EDGE_PUBLIC_URL)
  const edgeSockets = `${edge.protocol === 'https:' ? 'wss' : 'ws'}://${edge.host}`
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${edge.origin} ${edgeSockets}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    options.embeddable ? 'frame-ancestors *' : "frame-ancestors 'self'",
  ]
  const headers: Record<string, string> = { 'Content-Security-Policy': directives.join('; ') }
  if (!options.embeddable) headers['X-Frame-Options'] = 'SAMEORIGIN'
  return headers
}
