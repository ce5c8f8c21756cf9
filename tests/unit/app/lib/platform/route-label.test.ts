import { describe, expect, it } from 'vitest'
import { routeLabeler } from '#app/lib/platform/route-label.server'

// A route table shaped like the build's: ids and paths as Remix gives them.
const ROUTES = {
  root: { path: '' },
  'routes/$brand': { path: ':brand' },
  'routes/$brand._community.events.$room.edit': { path: 'events/:room/edit' },
  'routes/$brand._community.members._index': { path: 'members' },
  'routes/api.posts.$id': { path: 'api/posts/:id' },
  'routes/healthz': { path: 'healthz' },
  'routes/$': { path: '*' },
}

describe('routeLabeler', () => {
  const label = routeLabeler(ROUTES)

  it('keeps the words route files spell and writes every other segment as :param', () => {
    expect(label('/demo/events/welcome-call/edit', 200)).toBe('/:param/events/:param/edit')
    expect(label('/another-community/members', 200)).toBe('/:param/members')
    expect(label('/api/posts/Xy_12', 200)).toBe('/api/posts/:param')
    expect(label('/healthz', 200)).toBe('/healthz')
    expect(label('/', 200)).toBe('/')
  })

  it('keeps a single-fetch data request apart from its page', () => {
    expect(label('/demo/members.data', 200)).toBe('/:param/members.data')
  })

  it('bounds the labels: not-found, files and deep paths share one each', () => {
    expect(label('/anything/at/all', 404)).toBe('not-found')
    expect(label('/build/_assets/base-H4BTM35C.css', 200)).toBe('static')
    expect(label('/uploads/avatars/a.png', 200)).toBe('static')
    expect(label('/a/b/c/d/e/f/g', 200)).toBe('deep')
  })
})
