import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import { notifyUser } from '../rooms/edge-publisher.server'
import { env } from '../platform/env.server'
import { logger } from '../platform/logger.server'

/** What a participant's open pages hear when their conversations change. */
export type MessageEvent = { type: 'message'; brandId: string; conversationId: string; messageId: string }

/**
 * The live stream's fan-out between web processes. Each process's open message pages listen here
 * (one listener per page, keyed by user id). Without Redis there is one web process and an event
 * goes straight to its listeners; with Redis every process publishes on one channel and hears it
 * back, so a page open on one process learns of a message written on another.
 */
export class MessageBus {
  readonly #local = new EventEmitter().setMaxListeners(0)
  readonly #channel: string
  #publisher: Redis | null = null
  #subscriber: Redis | null = null

  constructor({ redisUrl, channel = 'hearth:messages' }: { redisUrl?: string | null; channel?: string } = {}) {
    this.#channel = channel
    if (!redisUrl) return
    this.#publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 })
    this.#subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 2 })
    for (const client of [this.#publisher, this.#subscriber]) client.on('error', (error: unknown) => logger.warn({ err: error }, 'message bus redis error'))
    this.#subscriber.subscribe(channel).catch((error: unknown) => logger.warn({ err: error }, 'message bus cannot subscribe'))
    this.#subscriber.on('message', (_channel: string, text: string) => {
      try {
        const { userId, event } = JSON.parse(text) as { userId: string; event: MessageEvent }
        this.#local.emit(userId, event)
      } catch {
        // Not one of ours.
      }
    })
  }

  /** Resolves once the subscription is up (at once without Redis). */
  async ready() {
    if (!this.#subscriber) return
    if (this.#subscriber.status !== 'ready') await new Promise((resolve) => this.#subscriber!.once('ready', resolve))
    await this.#subscriber.subscribe(this.#channel)
  }

  publish(userId: string, event: MessageEvent) {
    if (!this.#publisher) {
      this.#local.emit(userId, event)
      return
    }
    // A failed publish is logged, never thrown: the message is saved; pages see it on their next load.
    this.#publisher.publish(this.#channel, JSON.stringify({ userId, event })).catch((error: unknown) => logger.warn({ err: error }, 'message bus publish failed'))
  }

  listen(userId: string, listener: (event: MessageEvent) => void): () => void {
    this.#local.on(userId, listener)
    return () => this.#local.off(userId, listener)
  }

  async close() {
    await Promise.all([this.#publisher?.quit(), this.#subscriber?.quit()].map((closing) => closing?.catch(() => undefined)))
  }
}

let bus: MessageBus | null = null
const defaultBus = () => (bus ??= new MessageBus({ redisUrl: env.REDIS_URL }))

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
