// The notification kinds, frequencies and scopes, apart from the model so the
// browser (the settings form, the meeting's toast) can read them without the database library.

/**
 * What a member is told about (docs/user-guide.md#notifications): posts, comments, replies,
 * connections, and community or group membership requests, approvals, declines, deletions,
 * promotions and demotions, and group creation.
 */
export const NOTIFICATION_KINDS = [
  'post',
  'comment',
  'reply',
  'connection',
  'communityRequest',
  'communityApproval',
  'communityDecline',
  'communityDeletion',
  'communityPromotion',
  'communityDemotion',
  'groupRequest',
  'groupApproval',
  'groupDecline',
  'groupDeletion',
  'groupPromotion',
  'groupDemotion',
  'groupCreation',
  // A scheduled post its author may no longer post went back to their drafts (app/lib/posts/post-scheduler.server.ts).
  'postReturned',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Frequency is live or daily. */
export const NOTIFICATION_FREQUENCIES = ['live', 'daily'] as const
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number]

/** Scope is all, admin posts, replies, posts or off; here from the widest to none. */
export const NOTIFICATION_SCOPES = ['all', 'posts', 'adminPosts', 'replies', 'off'] as const
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number]
