import { describe, expect, it } from 'vitest'
import {
  digestSlot,
  notificationPath,
  notificationTextKey,
  scopeWants,
} from '#app/lib/notifications/notification-rules'
import { notificationToast } from '#app/meeting/notification-toast'

describe('the scope ladder (all, admin posts, replies, posts or off)', () => {
  it('lets each scope hear what is about the member and less personal things only as it widens', () => {
    const heard = (scope: Parameters<typeof scopeWants>[0]) =>
      (['direct', 'adminPost', 'followed', 'any'] as const).filter((reason) => scopeWants(scope, reason))
    expect(heard('off')).toEqual([])
    expect(heard('replies')).toEqual(['direct'])
    expect(heard('adminPosts')).toEqual(['direct', 'adminPost'])
    expect(heard('posts')).toEqual(['direct', 'adminPost', 'followed'])
    expect(heard('all')).toEqual(['direct', 'adminPost', 'followed', 'any'])
  })
})

describe('the digest slot', () => {
  it("is today's hour once it has passed, yesterday's before", () => {
    expect(digestSlot(new Date('2026-11-25T12:00:00Z'), 7).toISOString()).toBe('2026-11-25T07:00:00.000Z')
    expect(digestSlot(new Date('2026-11-25T06:59:59Z'), 7).toISOString()).toBe('2026-11-24T07:00:00.000Z')
    expect(digestSlot(new Date('2026-11-25T07:00:00Z'), 7).toISOString()).toBe('2026-11-25T07:00:00.000Z')
  })
})

describe('where a notification leads and what it says', () => {
  it('opens the post, the group, the person or the pending members', () => {
    expect(notificationPath({ kind: 'comment', postId: 'p1', roomSlug: null, actorId: 'a' })).toBe('posts/p1')
    expect(notificationPath({ kind: 'groupApproval', postId: null, roomSlug: 'book-club', actorId: 'a' })).toBe(
      'groups/book-club',
    )
    expect(notificationPath({ kind: 'connection', postId: null, roomSlug: null, actorId: 'a' })).toBe('contacts/a')
    expect(notificationPath({ kind: 'communityRequest', postId: null, roomSlug: null, actorId: 'a' })).toBe(
      'members?tab=pending',
    )
    expect(notificationTextKey('connection', 'accepted')).toBe('notifications:kinds.connectionAccepted')
    expect(notificationTextKey('reply', null)).toBe('notifications:kinds.reply')
  })
})

describe("the meeting's toast", () => {
  it('takes a known kind from a notification event, and nothing else', () => {
    expect(
      notificationToast({ type: 'notification', data: { kind: 'comment', actor: 'Ann', room: null, community: 'C' } }),
    ).toEqual({ key: 'notification', kind: 'comment', detail: null, actor: 'Ann', room: null, community: 'C' })
    expect(notificationToast({ type: 'message', data: { kind: 'comment' } })).toBeNull()
    expect(notificationToast({ type: 'notification', data: { kind: 'nonsense' } })).toBeNull()
  })
})
