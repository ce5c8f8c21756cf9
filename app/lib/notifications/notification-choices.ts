// The notification choices as the browser sees them (the settings form, the meeting's toast). The
// model's lists (models/notification-kinds.ts) are server code; these are typed against them, and
// the compiler refuses a list that misses one of the model's values.
import type { NotificationFrequency, NotificationKind, NotificationScope } from '#models/notification-kinds'

export const FREQUENCY_CHOICES = ['live', 'daily'] as const satisfies readonly NotificationFrequency[]
export const SCOPE_CHOICES = [
  'all',
  'posts',
  'adminPosts',
  'replies',
  'off',
] as const satisfies readonly NotificationScope[]

type Complete<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : false
const complete: Complete<NotificationFrequency, (typeof FREQUENCY_CHOICES)[number]> &
  Complete<NotificationScope, (typeof SCOPE_CHOICES)[number]> = true
void complete

/** Every kind, by construction (a Record over the model's type). */
const KINDS: Record<NotificationKind, true> = {
  post: true,
  comment: true,
  reply: true,
  connection: true,
  communityRequest: true,
  communityApproval: true,
  communityDecline: true,
  communityDeletion: true,
  communityPromotion: true,
  communityDemotion: true,
  groupRequest: true,
  groupApproval: true,
  groupDecline: true,
  groupDeletion: true,
  groupPromotion: true,
  groupDemotion: true,
  groupCreation: true,
  postReturned: true,
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && Object.hasOwn(KINDS, value)
}

/** The id rule of models/ids.ts (36 URL-safe characters), for form fields: junk never reaches a query. */
export const RECORD_ID = /^[A-Za-z0-9_-]{36}$/
