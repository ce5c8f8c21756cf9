import { describe, expect, it } from 'vitest'
import enCommon from '#locales/en/common.json'
import { SIDEBAR_ITEMS, highlightedItem } from '#app/lib/communities/navigation'

describe('SIDEBAR_ITEMS', () => {
  it('lists the sidebar in the spec order', () => {
    expect(SIDEBAR_ITEMS.map((item) => item.id)).toEqual([
      'home',
      'messages',
      'calls',
      'contacts',
      'tags',
      'media',
      'members',
      'groups',
      'eventSeries',
      'events',
      'settings',
    ])
  })

  it('links each item under the community', () => {
    const paths = Object.fromEntries(SIDEBAR_ITEMS.map((item) => [item.id, item.path]))
    expect(paths).toEqual({
      home: '',
      messages: 'messages',
      calls: 'calls',
      contacts: 'contacts',
      tags: 'tags',
      media: 'media',
      members: 'members',
      groups: 'groups',
      eventSeries: 'event-series',
      events: 'events',
      settings: 'settings',
    })
  })

  it('has a label for every item in the nav translations', () => {
    for (const item of SIDEBAR_ITEMS) {
      expect(enCommon.nav, item.id).toHaveProperty(item.id)
    }
  })
})

describe('highlightedItem', () => {
  it('highlights home on the community home', () => {
    expect(highlightedItem({ page: 'home' })).toBe('home')
  })

  it('highlights home in the hub room, whatever its context', () => {
    expect(highlightedItem({ page: 'room', slug: 'hub', context: 'personal' })).toBe('home')
    expect(highlightedItem({ page: 'room', slug: 'hub', context: 'group' })).toBe('home')
    expect(highlightedItem({ page: 'room', slug: 'hub', context: 'event' })).toBe('home')
  })

  it('highlights groups for a room in a group context', () => {
    expect(highlightedItem({ page: 'room', slug: 'book-club', context: 'group' })).toBe('groups')
  })

  it('highlights members for any other room', () => {
    expect(highlightedItem({ page: 'room', slug: 'ana-lopez', context: 'personal' })).toBe('members')
    expect(highlightedItem({ page: 'room', slug: 'launch-party', context: 'event' })).toBe('members')
  })

  it('only treats the exact slug hub as the hub room', () => {
    expect(highlightedItem({ page: 'room', slug: 'hub-2', context: 'personal' })).toBe('members')
    expect(highlightedItem({ page: 'room', slug: 'the-hub', context: 'group' })).toBe('groups')
  })

  it('highlights events, groups, members and tags on their own pages', () => {
    expect(highlightedItem({ page: 'events' })).toBe('events')
    expect(highlightedItem({ page: 'groups' })).toBe('groups')
    expect(highlightedItem({ page: 'members' })).toBe('members')
    expect(highlightedItem({ page: 'tags' })).toBe('tags')
  })

  it('highlights settings on every tab of the settings panel', () => {
    expect(highlightedItem({ page: 'settings' })).toBe('settings')
  })

  it('highlights event series on the series list and on a series', () => {
    expect(highlightedItem({ page: 'eventSeries' })).toBe('eventSeries')
    expect(highlightedItem({ page: 'eventSeriesDetail' })).toBe('eventSeries')
  })

  it('highlights nothing anywhere else', () => {
    expect(highlightedItem({ page: 'other' })).toBeNull()
  })

  it('only ever names an item that is in the sidebar', () => {
    const ids = new Set<string>(SIDEBAR_ITEMS.map((item) => item.id))
    const locations = [
      { page: 'home' },
      { page: 'room', slug: 'hub', context: 'personal' },
      { page: 'room', slug: 'x1', context: 'group' },
      { page: 'room', slug: 'x1', context: 'personal' },
      { page: 'events' },
      { page: 'eventSeries' },
      { page: 'eventSeriesDetail' },
      { page: 'groups' },
      { page: 'members' },
      { page: 'tags' },
      { page: 'settings' },
    ] as const
    for (const location of locations) {
      expect(ids.has(highlightedItem(location) ?? ''), JSON.stringify(location)).toBe(true)
    }
  })
})
