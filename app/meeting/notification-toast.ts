// A notification that reaches an open meeting (the edge's `notification` event, from the web app's
// notify()) becomes a brief notice over the meeting, in the meeting's language. Pure, so the shape
// the server sends is checked here once.
import type { NotificationKind } from '#models/notification-kinds'
import { isNotificationKind } from '#app/lib/notifications/notification-choices'

export type NotificationToast = {
  key: 'notification'
  kind: NotificationKind
  detail: string | null
  actor: string | null
  room: string | null
  community: string | null
}
export type MeetingNotice =
  { key: 'mutedByHost' | 'shareStoppedByHost' | 'screenShareFailed' | 'failed'; reason?: string } | NotificationToast

const text = (value: unknown) => (typeof value === 'string' && value.length <= 200 ? value : null)

export function notificationToast(payload: { type: string; data?: Record<string, unknown> }): NotificationToast | null {
  if (payload.type !== 'notification' || !payload.data) return null
  const kind = payload.data.kind
  if (!isNotificationKind(kind)) return null
  return {
    key: 'notification',
    kind,
    detail: text(payload.data.detail),
    actor: text(payload.data.actor),
    room: text(payload.data.room),
    community: text(payload.data.community),
  }
}
