// The notification rules, pure so the settings page, the panel and the senders agree.
import type { NotificationKind, NotificationScope } from '#models/notification-kinds'

/**
 * Why someone would hear of an event, from the most personal to the least:
 * - direct: it is about them (a comment on their post, a reply to their comment, a request they decide, their membership);
 * - adminPost: a post by the community's admins (or in its announcements room);
 * - followed: a post in a room they follow, or by a person whose posts they follow;
 * - any: anything else that happens in the community (any post, a new group).
 */
export type NotificationReason = 'direct' | 'adminPost' | 'followed' | 'any'

const REASON_LEVEL: Record<NotificationReason, number> = { direct: 1, adminPost: 2, followed: 3, any: 4 }

/**
 * The scopes are a ladder (all, admin posts, replies, posts or off): off hears nothing,
 * replies only what is about the member, admin posts adds the admins' posts, posts adds the rooms
 * and people followed, all adds everything else.
 */
const SCOPE_LEVEL: Record<NotificationScope, number> = { off: 0, replies: 1, adminPosts: 2, posts: 3, all: 4 }

export function scopeWants(scope: NotificationScope, reason: NotificationReason): boolean {
  return REASON_LEVEL[reason] <= SCOPE_LEVEL[scope]
}

/** A member with no setting hears of what is about them, admins' posts and what they follow, as it happens. */
export const DEFAULT_SCOPE: NotificationScope = 'posts'
export const DEFAULT_FREQUENCY = 'live' as const

/** The panel's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 20

/** The hour (UTC) the daily digest goes out. */
export const DIGEST_HOUR_UTC = 7

/** The latest digest time at or before `now`: today's at DIGEST_HOUR_UTC, or yesterday's before that hour. */
export function digestSlot(now: Date, hour = DIGEST_HOUR_UTC): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour))
  if (slot.getTime() > now.getTime()) slot.setUTCDate(slot.getUTCDate() - 1)
  return slot
}

export type NotificationSubject = {
  kind: NotificationKind
  postId: string | null
  roomSlug: string | null
  actorId: string | null
}

/** Where a notification leads, relative to /{brand}: its post, its group, the person, or the members page. */
export function notificationPath(subject: NotificationSubject): string {
  switch (subject.kind) {
    case 'post':
    case 'comment':
    case 'reply':
      return subject.postId ? `posts/${subject.postId}` : ''
    case 'connection':
      return subject.actorId ? `contacts/${subject.actorId}` : 'contacts'
    case 'communityRequest':
      return 'members?tab=pending'
    case 'groupRequest':
    case 'groupApproval':
    case 'groupPromotion':
    case 'groupDemotion':
    case 'groupCreation':
    case 'groupDecline':
    case 'groupDeletion':
      return subject.roomSlug ? `groups/${subject.roomSlug}` : 'groups'
    case 'postReturned':
      return 'drafts'
    default:
      return ''
  }
}

/** The sentence a notification reads as (panel, mail, toast): its translation key. */
export function notificationTextKey(kind: NotificationKind, detail: string | null): `notifications:kinds.${string}` {
  if (kind === 'connection')
    return detail === 'accepted' ? 'notifications:kinds.connectionAccepted' : 'notifications:kinds.connectionRequested'
  return `notifications:kinds.${kind}`
}
