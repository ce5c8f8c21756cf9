import { describe, expect, it } from 'vitest'
import { env } from '#app/lib/env.server'
import { documentSecurityHeaders } from '#app/lib/security-headers.server'

const edge = new URL(env.EDGE_PUBLIC_URL)
const DEFAULT_EDGE = [edge.origin, `${edge.protocol === 'https:' ? 'wss' : 'ws'}://${edge.host}`]

const connectSrc = (sources?: string[]) =>
  documentSecurityHeaders('nonce', { embeddable: false, connectSources: sources })['Content-Security-Policy']!
    .split('; ')
    .find((directive) => directive.startsWith('connect-src'))!
    .split(' ')
    .slice(1)

describe('connect-src per response', () => {
  it('allows the default edge over HTTP and WebSocket', () => {
    expect(connectSrc()).toEqual(["'self'", ...DEFAULT_EDGE])
  })

  it('adds the edge a meeting page names, and nothing that is not an http(s) URL', () => {
    expect(connectSrc(['https://edge-2.example.org:8443/', 'javascript:alert(1)', 'not a url'])).toEqual([
      "'self'",
      ...DEFAULT_EDGE,
      'https://edge-2.example.org:8443',
      'wss://edge-2.example.org:8443',
    ])
  })
})
