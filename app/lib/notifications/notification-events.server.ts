import { notifyUser } from '../rooms/edge-publisher.server'
import { env } from '../platform/env.server'
import { LiveBus } from '../platform/live-bus.server'
import type { NotificationKind } from '#models/notification'

/** What a member's open pages hear when a notification arrives or is read: ids only, the pages re-read the rest. */
export type NotificationEvent = { type: 'notification' | 'read'; brandId: string; kind?: NotificationKind }

let bus: LiveBus<NotificationEvent> | null = null
const defaultBus = () =>
  (bus ??= new LiveBus<NotificationEvent>({ redisUrl: env.REDIS_URL, channel: 'hearth:notifications' }))

/**
 * Tells the recipient's open pages (the badge's live stream) and open meetings (the edge's user
 * channel, a `notification` event the meeting shows as a toast) that a notification arrived.
 */
export function publishNotification(
  userId: string,
  event: {
    brandId: string
    kind: NotificationKind
    notificationId: string
    detail: string | null
    actor: string | null
    room: string | null
    community: string | null
  },
) {
  defaultBus().publish(userId, { type: 'notification', brandId: event.brandId, kind: event.kind })
  // The meeting's toast reads the sentence from these: the socket is the recipient's own.
  notifyUser(userId, { type: 'notification', data: { ...event } })
}

/** Tells the member's other open pages that their notifications were read (the badge goes down). */
export function publishRead(userId: string, brandId: string) {
  defaultBus().publish(userId, { type: 'read', brandId })
}

/** Calls `listener` for each notification event of the user until the returned function is called. */
export function listenForNotifications(userId: string, listener: (event: NotificationEvent) => void): () => void {
  return defaultBus().listen(userId, listener)
}
