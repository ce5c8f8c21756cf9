import { describe, expect, it } from 'vitest'
import { isRefusal, refusalLocation } from '#app/lib/communities/access-refusal'

describe('refusalLocation', () => {
  it('asks a guest to sign in and shows a signed-in person the access-denied page, both keeping the address', () => {
    expect(refusalLocation('signInRequired', 'demo', '/demo/book-club')).toBe('/private?redirectTo=%2Fdemo%2Fbook-club')
    expect(refusalLocation('accessDenied', 'demo', '/demo/book-club')).toBe(
      '/demo/access-denied?redirectTo=%2Fdemo%2Fbook-club',
    )
    expect(refusalLocation('premiumEvent', 'demo', '/demo/gala')).toBe(
      '/demo/access-denied?note=premium-event&redirectTo=%2Fdemo%2Fgala',
    )
  })

  it('sends each missing thing to its not-found page', () => {
    expect(refusalLocation('communityNotFound', null, '/x')).toBe('/community-not-found')
    expect(refusalLocation('roomNotFound', 'demo', '/demo/x')).toBe('/demo/room-not-found')
    expect(refusalLocation('groupNotFound', 'demo', '/demo/x')).toBe('/demo/group-not-found')
    expect(refusalLocation('eventNotFound', 'demo', '/demo/x')).toBe('/demo/event-not-found')
    expect(refusalLocation('postNotFound', 'demo', '/demo/x')).toBe('/demo/post-not-found')
  })
})

describe('isRefusal', () => {
  it('recognises the refusals and no not-found page', () => {
    expect(isRefusal(refusalLocation('signInRequired', 'demo', '/demo/x'))).toBe(true)
    expect(isRefusal(refusalLocation('accessDenied', 'demo', '/demo/x'))).toBe(true)
    expect(isRefusal(refusalLocation('premiumEvent', 'demo', '/demo/x'))).toBe(true)
    expect(isRefusal('/demo/room-not-found')).toBe(false)
    expect(isRefusal('/community-not-found')).toBe(false)
    expect(isRefusal('/private-room')).toBe(false)
  })
})
