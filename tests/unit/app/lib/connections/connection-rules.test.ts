// The connection states' buttons and the contacts drawer's addresses.
import { describe, expect, it } from 'vitest'
import { connectionIntents, contactsUrl, personUrl } from '#app/lib/connections/connection-rules'

describe('connectionIntents', () => {
  it('offers what each state allows, and nothing after a decline', () => {
    const flags = { favorite: false, following: false }
    expect(connectionIntents('none', flags)).toEqual(['request'])
    expect(connectionIntents('requested', flags)).toEqual(['withdraw'])
    expect(connectionIntents('pending', flags)).toEqual(['accept', 'reject'])
    expect(connectionIntents('rejected', flags)).toEqual([])
    expect(connectionIntents('accepted', flags)).toEqual(['favorite', 'follow', 'remove'])
    expect(connectionIntents('accepted', { favorite: true, following: true })).toEqual([
      'unfavorite',
      'unfollow',
      'remove',
    ])
  })
})

describe('contactsUrl', () => {
  it('keeps the search, the favourites filter and a page after the first (pages count from 0)', () => {
    expect(contactsUrl('demo')).toBe('/demo/contacts')
    expect(contactsUrl('demo', { page: 0 })).toBe('/demo/contacts')
    expect(contactsUrl('demo', { query: 'ana b', favorites: true, page: 2 })).toBe(
      '/demo/contacts?q=ana+b&favorites=1&page=2',
    )
    expect(personUrl('demo', 'abc')).toBe('/demo/contacts/abc')
  })
})
