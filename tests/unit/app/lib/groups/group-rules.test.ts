// The groups page's pure rules: labels, bulk transitions, the page size, addresses,
// someone's standing in a group and who may do what there.
import { describe, expect, it } from 'vitest'
import type { PermissionSlug } from '#models/permissions'
import {
  BULK_TRANSITIONS,
  groupLabel,
  groupStanding,
  groupsUrl,
  mayEditGroup,
  mayRunGroup,
  maySetGroupPreferences,
  perPageOf,
  questionsOf,
  visibleGroupTabs,
} from '#app/lib/groups/group-rules'

const held = (...slugs: PermissionSlug[]) => new Set(slugs)

describe('group rules', () => {
  it('labels room types as the spec does (locked reads Closed Room whatever the type)', () => {
    expect(groupLabel({ roomType: 'meeting' })).toBe('public')
    expect(groupLabel({ roomType: 'public' })).toBe('public')
    expect(groupLabel({ roomType: 'staff' })).toBe('private')
    expect(groupLabel({ roomType: 'private' })).toBe('private')
    expect(groupLabel({ roomType: 'exclusive' })).toBe('membersOnly')
    expect(groupLabel({ roomType: 'premium' })).toBe('premium')
    expect(groupLabel({ roomType: 'locked' })).toBe('closed')
    expect(groupLabel({ roomType: 'private', locked: true })).toBe('closed')
  })

  it('moves groups only out of the states each action applies to', () => {
    expect(BULK_TRANSITIONS.approve).toEqual({ from: ['pending'], to: 'active' })
    expect(BULK_TRANSITIONS.reject).toEqual({ from: ['pending'], to: 'deleted' })
    expect(BULK_TRANSITIONS.archive).toEqual({ from: ['active'], to: 'archived' })
    expect(BULK_TRANSITIONS.restore).toEqual({ from: ['archived'], to: 'active' })
    expect(BULK_TRANSITIONS.remove.from).toEqual(['active', 'pending', 'archived'])
  })

  it('reads the page size from the selector and writes addresses without defaults', () => {
    expect([perPageOf('25'), perPageOf('100'), perPageOf('7'), perPageOf(null)]).toEqual([25, 100, 10, 10])
    expect(groupsUrl('club')).toBe('/club/groups')
    expect(groupsUrl('club', { tab: 'all', perPage: 10, page: 1 })).toBe('/club/groups')
    expect(groupsUrl('club', { tab: 'pending', perPage: 50, page: 3 })).toBe(
      '/club/groups?tab=pending&perPage=50&page=3',
    )
  })

  it("shows the pending and archived tabs to those who run the community's rooms only", () => {
    expect(visibleGroupTabs(held('access-community'))).toEqual(['all', 'mine', 'active'])
    expect(visibleGroupTabs(held('manage-community-rooms'))).toEqual(['all', 'mine', 'active', 'pending', 'archived'])
  })

  it("knows someone's standing and what it lets them do", () => {
    const room = { hostId: 'h', coHosts: ['c'], members: ['h', 'c', 'm'] }
    expect(['h', 'c', 'm', 'x', null].map((id) => groupStanding(room, id))).toEqual([
      'host',
      'coHost',
      'member',
      'none',
      'none',
    ])
    expect(mayRunGroup('coHost', held())).toBe(true)
    expect(mayRunGroup('member', held())).toBe(false)
    expect(mayRunGroup('none', held('manage-community-rooms'))).toBe(true)
    expect(mayEditGroup('none', held('edit-group-room'))).toBe(true)
    expect(mayEditGroup('member', held('access-community'))).toBe(false)
    // Only co-hosts set group preferences, whatever else one holds.
    expect(maySetGroupPreferences('coHost')).toBe(true)
    expect(maySetGroupPreferences('none')).toBe(false)
  })

  it('reads a stored questionnaire defensively', () => {
    expect(questionsOf({ questions: ['Why?', '', 3, 'How?'] })).toEqual(['Why?', 'How?'])
    expect(questionsOf(null)).toEqual([])
    expect(questionsOf('text')).toEqual([])
  })
})
