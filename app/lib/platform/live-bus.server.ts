import { EventEmitter } from 'node:events'
import { Redis } from 'ioredis'
import { logger } from './logger.server'

/**
 * Live events' fan-out between web processes, keyed by whoever listens (a user id, a room id).
 * Each process's open pages listen here, one listener per page. Without Redis there is one web
 * process and an event goes straight to its listeners; with Redis every process publishes on the
 * bus's channel and hears it back, so a page open on one process learns of a write on another.
 * Events carry ids, never content: a page re-reads what it may see through its own loader.
 */
export class LiveBus<E> {
  /** Every bus of the process, for closeAll. */
  static readonly #all = new Set<LiveBus<unknown>>()
  /** Closes every bus's Redis connections (the process stopping: connections.server.ts). */
  static async closeAll() {
    await Promise.all([...LiveBus.#all].map((bus) => bus.close()))
  }

  readonly #local = new EventEmitter().setMaxListeners(0)
  readonly #channel: string
  #publisher: Redis | null = null
  #subscriber: Redis | null = null

  constructor({ redisUrl, channel }: { redisUrl?: string | null; channel: string }) {
    this.#channel = channel
    if (!redisUrl) return
    LiveBus.#all.add(this)
    this.#publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 })
    this.#subscriber = new Redis(redisUrl, { maxRetriesPerRequest: 2 })
    for (const client of [this.#publisher, this.#subscriber])
      client.on('error', (error: unknown) => logger.warn({ err: error, channel }, 'live bus redis error'))
    this.#subscriber
      .subscribe(channel)
      .catch((error: unknown) => logger.warn({ err: error, channel }, 'live bus cannot subscribe'))
    this.#subscriber.on('message', (_channel: string, text: string) => {
      try {
        const { key, event } = JSON.parse(text) as { key: string; event: E }
        this.#local.emit(key, event)
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

  publish(key: string, event: E) {
    if (!this.#publisher) {
      this.#local.emit(key, event)
      return
    }
    // A failed publish is logged, never thrown: the write is saved; pages see it on their next load.
    this.#publisher
      .publish(this.#channel, JSON.stringify({ key, event }))
      .catch((error: unknown) => logger.warn({ err: error, channel: this.#channel }, 'live bus publish failed'))
  }

  listen(key: string, listener: (event: E) => void): () => void {
    this.#local.on(key, listener)
    return () => this.#local.off(key, listener)
  }

  async close() {
    LiveBus.#all.delete(this)
    await Promise.all(
      [this.#publisher?.quit(), this.#subscriber?.quit()].map((closing) => closing?.catch(() => undefined)),
    )
  }
}
