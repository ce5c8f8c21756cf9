// The routeChange message (docs/decisions/0007-embedding.md): the page name and the community-relative path.
import { describe, expect, it } from 'vitest'
import { communityPath, routeChangeMessage } from '#app/lib/embedding/route-change'

describe('communityPath', () => {
  it.each([
    ['/demo/members', 'demo', '/members'],
    ['/demo', 'demo', '/'],
    ['/directory/demo/widget', 'demo', '/directory/widget'],
    ['/DEMO/events', 'demo', '/events'],
    // Only a whole segment is the community: a room called demo-room stays.
    ['/demo/demo-room', 'demo', '/demo-room'],
    ['/me/settings', null, '/me/settings'],
  ])('%s in %s → %s', (pathname, brand, expected) => {
    expect(communityPath(pathname, brand)).toBe(expected)
  })
})

describe('routeChangeMessage', () => {
  it('names the page by the deepest handle that says, keeps the query and merges the details', () => {
    const message = routeChangeMessage({ pathname: '/directory/demo/widget', search: '?embeddable=1' }, 'demo', [
      { id: 'root' },
      {
        id: 'routes/directory.$brand',
        handle: { embeddingDetails: (data: unknown) => ({ placement: (data as { p: string }).p }) },
        data: { p: 'corner' },
      },
      { id: 'routes/directory.$brand.widget', handle: { embeddingPage: 'directoryWidget' } },
    ])
    expect(message).toEqual({
      type: 'routeChange',
      page: 'directoryWidget',
      path: '/directory/widget?embeddable=1',
      brand: 'demo',
      placement: 'corner',
    })
  })

  it('falls back on the route id for pages that name none', () => {
    const message = routeChangeMessage({ pathname: '/demo/members', search: '' }, 'demo', [
      { id: 'root' },
      { id: 'routes/$brand._community.members._index' },
    ])
    expect(message).toMatchObject({ page: '$brand._community.members._index', path: '/members' })
  })

  it('cannot be made to lie about its type by a route detail', () => {
    const message = routeChangeMessage({ pathname: '/demo', search: '' }, 'demo', [
      { id: 'root', handle: { embeddingDetails: () => ({ type: 'other', page: 'x' }) } },
    ])
    expect(message).toMatchObject({ type: 'routeChange', page: 'root' })
  })
})
