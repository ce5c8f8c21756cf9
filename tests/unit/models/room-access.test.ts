import { describe, expect, it } from 'vitest'
import { roomAccess, type RoomAccessInput } from '#models/room-access'

const brand: RoomAccessInput['brand'] = {
  topLevelRoomId: 'hub',
  announcementsRoomId: 'news',
  publicAccess: { hub: true, groups: false },
}

function check(
  room: Partial<RoomAccessInput['room']>,
  who: { userId?: string | null; hasCommunityAccess?: boolean } = {},
  brandOverrides: Partial<RoomAccessInput['brand']> = {},
) {
  return roomAccess({
    userId: who.userId ?? null,
    hasCommunityAccess: who.hasCommunityAccess ?? false,
    room: {
      id: 'room',
      hostId: 'host',
      coHosts: ['co'],
      members: ['listed'],
      context: 'group',
      roomType: 'meeting',
      open: false,
      membersOnly: false,
      ...room,
    },
    brand: { ...brand, ...brandOverrides },
  })
}

describe('who may enter a room', () => {
  it('the host and co-hosts always (of a group, while they belong to the community)', () => {
    expect(check({ membersOnly: true }, { userId: 'host', hasCommunityAccess: true })).toEqual({ ok: true })
    expect(check({ roomType: 'exclusive' }, { userId: 'co', hasCommunityAccess: true })).toEqual({ ok: true })
    expect(check({ context: 'personal', membersOnly: true }, { userId: 'host' })).toEqual({ ok: true })
    expect(check({ context: 'personal', roomType: 'exclusive' }, { userId: 'co' })).toEqual({ ok: true })
    // A group's lists never open it to someone outside its community.
    expect(check({ membersOnly: true }, { userId: 'host' })).toEqual({ ok: false, reason: 'membersOnly' })
    expect(check({ roomType: 'private' }, { userId: 'co' })).toEqual({ ok: false, reason: 'membersOnly' })
  })

  it('members-only rooms: listed members only (of a group: active members of the community); a guest is asked to sign in', () => {
    expect(check({ membersOnly: true }, { userId: 'listed', hasCommunityAccess: true })).toEqual({ ok: true })
    expect(check({ context: 'personal', membersOnly: true }, { userId: 'listed' })).toEqual({ ok: true })
    expect(check({ roomType: 'private' }, { userId: 'listed' })).toEqual({ ok: false, reason: 'membersOnly' })
    expect(check({ roomType: 'private' }, { userId: 'stranger', hasCommunityAccess: true })).toEqual({
      ok: false,
      reason: 'membersOnly',
    })
    expect(check({ roomType: 'staff' })).toEqual({ ok: false, reason: 'signInRequired' })
  })

  it('premium rooms: community members only, even when open to the public', () => {
    const premium = { roomType: 'premium', open: true }
    const publicGroups = { publicAccess: { hub: true, groups: true } }
    expect(check(premium, { userId: 'member', hasCommunityAccess: true }, publicGroups)).toEqual({ ok: true })
    expect(check(premium, { userId: 'listed' }, publicGroups)).toEqual({ ok: false, reason: 'membersOnly' })
    expect(check(premium, { userId: 'stranger' }, publicGroups)).toEqual({ ok: false, reason: 'membersOnly' })
    expect(check(premium, {}, publicGroups)).toEqual({ ok: false, reason: 'signInRequired' })
    expect(check({ ...premium, context: 'personal' })).toEqual({ ok: false, reason: 'signInRequired' })
    expect(check({ ...premium, id: 'news' }, { userId: 'stranger' })).toEqual({ ok: false, reason: 'membersOnly' })
    expect(check(premium, { userId: 'co', hasCommunityAccess: true })).toEqual({ ok: true })
    expect(check(premium, { userId: 'co' }, publicGroups)).toEqual({ ok: false, reason: 'membersOnly' })
  })

  it('the announcements room: any signed-in user', () => {
    expect(check({ id: 'news' }, { userId: 'stranger' })).toEqual({ ok: true })
    expect(check({ id: 'news' })).toEqual({ ok: false, reason: 'signInRequired' })
  })

  it('other rooms: members with access-community', () => {
    expect(check({}, { userId: 'member', hasCommunityAccess: true })).toEqual({ ok: true })
    expect(check({}, { userId: 'stranger' })).toEqual({ ok: false, reason: 'noAccess' })
  })

  it('guests: a personal room (meeting its host), or an open group the admins made public', () => {
    expect(check({ context: 'personal' })).toEqual({ ok: true })
    expect(check({ id: 'hub', open: true })).toEqual({ ok: true })
    expect(check({ id: 'hub', open: true }, {}, { publicAccess: { hub: false, groups: true } })).toEqual({
      ok: false,
      reason: 'signInRequired',
    })
    expect(check({ open: true })).toEqual({ ok: false, reason: 'signInRequired' })
    expect(check({ open: true }, {}, { publicAccess: { hub: false, groups: true } })).toEqual({ ok: true })
    expect(check({ id: 'hub', open: false })).toEqual({ ok: false, reason: 'signInRequired' })
  })

  it('event rooms need membership', () => {
    expect(check({ context: 'event', open: true })).toEqual({ ok: false, reason: 'signInRequired' })
    expect(check({ context: 'event' }, { userId: 'member', hasCommunityAccess: true })).toEqual({ ok: true })
  })
})
