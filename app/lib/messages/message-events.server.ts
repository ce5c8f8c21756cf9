import { EventEmitter } from 'node:events'
import { notifyUser } from '../rooms/edge-publisher.server'

/** What a participant's open pages hear when their conversations change. */
export type MessageEvent = { type: 'message'; brandId: string; conversationId: string; messageId: string }

// The pages of this web process that are listening (the messages drawer's live stream, one
// listener per open page), keyed by user id.
const listeners = new EventEmitter()
listeners.setMaxListeners(0)

/**
 * Tells each user's open pages that a message arrived: the message pages of this web process
 * through their live stream (messages-live route), and every socket the user has open on a media
 * edge through the user channel (the Redis emitter; a no-op without REDIS_URL), where a meeting
 * can show it as a `notification` of type `message`.
 */
export function publishMessage(userIds: readonly string[], event: MessageEvent) {
  for (const userId of userIds) {
    listeners.emit(userId, event)
    notifyUser(userId, { type: 'message', data: { conversationId: event.conversationId, messageId: event.messageId } })
  }
}

/** Calls `listener` for each message event of the user until the returned function is called. */
export function listenForMessages(userId: string, listener: (event: MessageEvent) => void): () => void {
  listeners.on(userId, listener)
  return () => listeners.off(userId, listener)
}
