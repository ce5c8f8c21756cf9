import { describe, expect, it } from 'vitest'
import { PERMISSIONS, ROLES, standingOf, type PermissionSlug } from '#models/permissions'

const ALL = Object.keys(PERMISSIONS) as PermissionSlug[]

describe('PERMISSIONS', () => {
  it('names every permission the spec mentions', () => {
    for (const slug of [
      'access-community',
      'access-community-groups',
      'access-community-members',
      'access-community-tags',
      'manage-community-members',
      'manage-community-owners',
      'edit-own-user',
      'edit-own-room',
      'edit-own-posts',
      'edit-group-room',
      'edit-group-posts',
      'kick-peer',
      'mute-peer',
    ]) {
      expect(ALL, slug).toContain(slug)
    }
  })

  it('gives every permission a name', () => {
    for (const [slug, name] of Object.entries(PERMISSIONS)) expect(name.trim(), slug).not.toBe('')
  })
})

describe('ROLES', () => {
  it('includes the spec role slugs', () => {
    expect(Object.keys(ROLES)).toEqual(
      expect.arrayContaining(['community-owner', 'community-admin', 'room-host', 'room-co-host']),
    )
  })

  it('gives the owner every permission', () => {
    expect([...ROLES['community-owner'].permissions].sort()).toEqual([...ALL].sort())
  })

  it('gives the admin everything except managing owners', () => {
    const admin: readonly string[] = ROLES['community-admin'].permissions
    expect(admin).not.toContain('manage-community-owners')
    expect([...admin].sort()).toEqual(ALL.filter((slug) => slug !== 'manage-community-owners').sort())
  })

  it('gives the room host exactly the spec permissions', () => {
    expect([...ROLES['room-host'].permissions].sort()).toEqual(
      ['edit-own-user', 'edit-own-room', 'edit-own-posts', 'kick-peer', 'mute-peer'].sort(),
    )
  })

  it('gives the room co-host exactly the spec permissions', () => {
    expect([...ROLES['room-co-host'].permissions].sort()).toEqual(
      ['edit-group-room', 'edit-group-posts', 'kick-peer', 'mute-peer'].sort(),
    )
  })

  it('names the room roles as the spec does', () => {
    expect(ROLES['room-host'].name).toBe('Room Host')
    expect(ROLES['room-co-host'].name).toBe('Room Co-Host')
  })

  it('does not let a member manage the community, its owners or its members', () => {
    const member: readonly string[] = ROLES['community-member'].permissions
    expect(member).toContain('access-community')
    for (const slug of [
      'manage-community',
      'manage-community-owners',
      'manage-community-members',
      'manage-community-rooms',
    ]) {
      expect(member, slug).not.toContain(slug)
    }
  })

  it('gives meeting bots no permissions', () => {
    expect(ROLES.recorder.permissions).toEqual([])
    expect(ROLES['live-streamer'].permissions).toEqual([])
  })

  it('only grants permissions that exist, each once', () => {
    for (const [slug, role] of Object.entries(ROLES)) {
      const granted: readonly string[] = role.permissions
      for (const permission of granted) expect(ALL, `${slug} grants ${permission}`).toContain(permission)
      expect(new Set(granted).size, slug).toBe(granted.length)
    }
  })
})

describe('standingOf', () => {
  it('reads owner when the user holds the owner role', () => {
    expect(standingOf(['community-owner'])).toBe('owner')
  })

  it('prefers owner over admin when the user holds both, in any order', () => {
    expect(standingOf(['community-admin', 'community-owner'])).toBe('owner')
    expect(standingOf(['community-owner', 'community-admin'])).toBe('owner')
  })

  it('reads admin when the user is an admin but not an owner', () => {
    expect(standingOf(['community-member', 'community-admin'])).toBe('admin')
  })

  it('reads user for anything else, including no roles', () => {
    expect(standingOf([])).toBe('user')
    expect(standingOf(['community-member'])).toBe('user')
    expect(standingOf(['room-host', 'room-co-host'])).toBe('user')
  })

  it('matches role slugs exactly', () => {
    expect(standingOf(['Community-Owner'])).toBe('user')
    expect(standingOf(['owner'])).toBe('user')
    expect(standingOf(['community-owner-x'])).toBe('user')
  })
})
