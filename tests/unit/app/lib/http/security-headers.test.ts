import { describe, expect, it } from 'vitest'
import { env } from '#app/lib/platform/env.server'
import { documentSecurityHeaders } from '#app/lib/http/security-headers.server'

const edge = new URL(env.EDGE_PUBLIC_URL)
const DEFAULT_EDGE = [edge.origin, `${edge.protocol === 'https:' ? 'wss' : 'ws'}://${edge.host}`]

const connectSrc = (sources?: string[]) =>
  documentSecurityHeaders('nonce', { embeddable: false, connectSources: sources })
    ['Content-Security-Policy']!.split('; ')
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

describe('frame-ancestors per response', () => {
  const headers = (options: { embeddable?: boolean; frameAncestors?: string[] }) =>
    documentSecurityHeaders('nonce', { embeddable: false, ...options })
  const frameAncestors = (options: { embeddable?: boolean; frameAncestors?: string[] }) =>
    headers(options)
      ['Content-Security-Policy']!.split('; ')
      .find((directive) => directive.startsWith('frame-ancestors'))

  it('lets only this site frame a page, in the CSP and in X-Frame-Options', () => {
    expect(frameAncestors({})).toBe("frame-ancestors 'self'")
    expect(headers({})['X-Frame-Options']).toBe('SAMEORIGIN')
  })

  it("adds the origins of the sites a page names (a community's embedding page), and drops X-Frame-Options, which cannot name them", () => {
    expect(
      frameAncestors({ frameAncestors: ['https://club.example.org/meet?x=1', 'javascript:alert(1)', 'nonsense'] }),
    ).toBe("frame-ancestors 'self' https://club.example.org")
    expect(headers({ frameAncestors: ['https://club.example.org/'] })['X-Frame-Options']).toBeUndefined()
    expect(headers({ frameAncestors: ['not a url'] })['X-Frame-Options']).toBe('SAMEORIGIN')
  })

  it('lets anyone frame a page made for embedding', () => {
    expect(frameAncestors({ embeddable: true })).toBe('frame-ancestors *')
    expect(headers({ embeddable: true })['X-Frame-Options']).toBeUndefined()
  })
})

describe('frame-src', () => {
  it('allows exactly the two video players a post may embed', () => {
    const directive = documentSecurityHeaders('nonce', { embeddable: false })
      ['Content-Security-Policy']!.split('; ')
      .find((part) => part.startsWith('frame-src'))
    expect(directive).toBe('frame-src https://www.youtube-nocookie.com https://player.vimeo.com')
  })
})
