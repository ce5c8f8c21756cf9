// The members page's rules, pure: who may do what to whom, from which state.
import { describe, expect, it } from 'vitest'
import { ROLES, type PermissionSlug } from '#models/permissions'
import { availableActions, memberActionRefusal, membersUrl, visibleTabs } from '#app/lib/members/member-rules'

const held = (role: keyof typeof ROLES) => new Set<PermissionSlug>(ROLES[role].permissions)
const member = (status: 'active' | 'pending' | 'deleted' | 'rejected', isOwner = false) => ({
  userId: 'target',
  status,
  isOwner,
})

describe('member actions', () => {
  it('gives each state its own actions', () => {
    const admin = held('community-admin')
    expect(availableActions({ held: admin, actorId: 'me', target: member('pending') })).toEqual([
      'approve',
      'reject',
      'activate',
      'resend',
      'delete',
    ])
    expect(availableActions({ held: admin, actorId: 'me', target: member('active') })).toEqual([
      'archive',
      'reserve',
      'delete',
    ])
    expect(availableActions({ held: admin, actorId: 'me', target: member('deleted') })).toEqual([
      'restore',
      'reserve',
      'delete',
    ])
    expect(availableActions({ held: admin, actorId: 'me', target: member('rejected') })).toEqual(['delete'])
  })

  it('lets moderators approve and reject only, and members nothing', () => {
    expect(availableActions({ held: held('community-moderator'), actorId: 'me', target: member('pending') })).toEqual([
      'approve',
      'reject',
    ])
    expect(availableActions({ held: held('community-member'), actorId: 'me', target: member('pending') })).toEqual([])
  })

  it('keeps owners for owners, and oneself out of reach', () => {
    const target = member('active', true)
    expect(memberActionRefusal({ action: 'archive', held: held('community-admin'), actorId: 'me', target })).toBe(
      'ownerProtected',
    )
    expect(memberActionRefusal({ action: 'archive', held: held('community-owner'), actorId: 'me', target })).toBeNull()
    for (const action of ['archive', 'reserve', 'delete'] as const) {
      expect(memberActionRefusal({ action, held: held('community-owner'), actorId: 'target', target })).toBe('self')
    }
  })

  it('shows the pending tab to approvers and the archived one to managers', () => {
    expect(visibleTabs(held('community-admin'))).toEqual(['active', 'pending', 'archived'])
    expect(visibleTabs(held('community-moderator'))).toEqual(['active', 'pending'])
    expect(visibleTabs(new Set())).toEqual(['active'])
  })

  it('writes the list address with only what is not a default', () => {
    expect(membersUrl('demo', { tab: 'active', query: '', page: 1 })).toBe('/demo/members')
    expect(membersUrl('demo', { tab: 'pending', query: 'a b', page: 2 })).toBe('/demo/members?tab=pending&q=a+b&page=2')
  })
})
