import { notifyUser } from '../rooms/edge-publisher.server'
import { env } from '../platform/env.server'
import { LiveBus } from '../platform/live-bus.server'

/** What a participant's open pages hear when their conversations change. */
export type MessageEvent = { type: 'message'; brandId: string; conversationId: string; messageId: string }

let bus: LiveBus<MessageEvent> | null = null
const defaultBus = () => (bus ??= new LiveBus<MessageEvent>({ redisUrl: env.REDIS_URL, channel: 'hearth:messages' }))

/**
 * Tells each user's open pages that a message arrived: the message pages through their live
 * stream (the messages.live route), and every socket the user has open on a media edge through the
 * user channel (the Redis emitter; a no-op without REDIS_URL), where a meeting can show it as a
 * `notification` of type `message`.
 */
export function publishMessage(userIds: readonly string[], event: MessageEvent) {
  for (const userId of userIds) {
    defaultBus().publish(userId, event)
    notifyUser(userId, { type: 'message', data: { conversationId: event.conversationId, messageId: event.messageId } })
  }
}

/** Calls `listener` for each message event of the user until the returned function is called. */
export function listenForMessages(userId: string, listener: (event: MessageEvent) => void): () => void {
  return defaultBus().listen(userId, listener)
}
