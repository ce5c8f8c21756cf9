// The kept patch of @remix-run/router (patches/, docs/decisions/0020): the server's route matching keeps each route
// tree's ranked branches and each compiled path instead of redoing them on every match. An upgrade that drops the
// patch, or a patch that no longer applies, fails here before it slows every page.
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

// The server loads the router's CommonJS build (Node reads its "main"), the one the patch changes.
const require = createRequire(import.meta.url)
const router = require('@remix-run/router') as typeof import('@remix-run/router')
const { version } = require('@remix-run/router/package.json') as { version: string }

describe('the @remix-run/router patch', () => {
  it('is made for the installed version', () => {
    expect(readdirSync('patches').filter((name) => name.startsWith('@remix-run+router+'))).toEqual([
      `@remix-run+router+${version}.patch`,
    ])
  })

  it('ranks a route tree once: later matches reuse its branches', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'room', path: ':brand/:room' }] }]
    expect(router.matchRoutes(routes, '/demo/hub')?.map((match) => match.route.id)).toEqual(['root', 'room'])
    // Changed in place, the tree is not ranked again, so it still matches as first ranked (a fresh array would be).
    routes[0]!.children[0]!.path = 'elsewhere/:room'
    expect(router.matchRoutes(routes, '/demo/hub')?.map((match) => match.route.id)).toEqual(['root', 'room'])
    expect(router.matchRoutes(structuredClone(routes), '/demo/hub')).toBeNull()
  })

  it('still matches as before: params, splats, optional segments and case', () => {
    const routes = [
      { id: 'post', path: '/:brand/posts/:postId' },
      { id: 'files', path: '/uploads/*' },
      { id: 'lang', path: '/:lang?/about' },
      { id: 'exact', path: '/Tags', caseSensitive: true },
    ]
    expect(router.matchRoutes(routes, '/demo/posts/p1')?.[0]?.params).toEqual({ brand: 'demo', postId: 'p1' })
    expect(router.matchRoutes(routes, '/uploads/a/b.png')?.[0]?.params).toEqual({ '*': 'a/b.png' })
    expect(router.matchRoutes(routes, '/about')?.[0]?.route.id).toBe('lang')
    expect(router.matchRoutes(routes, '/es/about')?.[0]?.params).toEqual({ lang: 'es' })
    expect(router.matchRoutes(routes, '/Tags')?.[0]?.route.id).toBe('exact')
    expect(router.matchRoutes(routes, '/tags')).toBeNull()
    expect(router.matchPath({ path: '/demo', end: false }, '/demo/events')?.pathnameBase).toBe('/demo')
    expect(router.matchPath('/demo', '/demo/events')).toBeNull()
  })
})
