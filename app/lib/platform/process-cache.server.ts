import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { env } from './env.server'
import { logger } from './logger.server'

/**
 * What nearly every request reads and almost nothing writes (today: communities by slug, with
 * their theme), kept in this process's memory so a page does not ask the database for it each time.
 *
 * Whoever writes such a row calls `invalidate(name)` after the write commits: this process drops
 * the values at once and, with REDIS_URL, every other web process drops them when the word arrives
 * through Redis pub/sub. A process keeps nothing while it cannot hear that word (Redis set but not
 * yet subscribed, or disconnected): it reads the database instead. Writes that bypass the app (raw
 * SQL, a script's own process) are seen once a value is older than its `maxAgeMs`.
 */
export type CacheOptions = { maxEntries: number; maxAgeMs: number }

type Entry<V> = { value: Promise<V>; loadedAt: number }

export class ProcessCache<V> {
  readonly #entries = new Map<string, Entry<V>>()

  constructor(
    readonly name: string,
    private readonly options: CacheOptions,
    private readonly canKeep: () => boolean,
  ) {}

  /**
   * The value for this key: kept, or loaded now and kept. Concurrent requests share one load; a
   * failed load is not kept, so the next request tries again.
   */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now()
    const entry = this.#entries.get(key)
    if (entry && now - entry.loadedAt < this.options.maxAgeMs) {
      // Map order is insertion order: re-inserting marks it the most recently used.
      this.#entries.delete(key)
      this.#entries.set(key, entry)
      return entry.value
    }
    if (!this.canKeep()) {
      this.#entries.clear()
      return load()
    }
    const value = load()
    const fresh = { value, loadedAt: now }
    this.#entries.set(key, fresh)
    value.catch(() => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key)
    })
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.options.maxEntries) break
      this.#entries.delete(oldest)
    }
    return value
  }

  /** Forgets one key, or every key. A load still in flight finishes for whoever awaits it, but is not kept. */
  drop(key?: string) {
    if (key === undefined) this.#entries.clear()
    else this.#entries.delete(key)
  }

  get size() {
    return this.#entries.size
  }
}

type Invalidation = { origin: string; name: string; key?: string }

/**
 * A set of named caches and the invalidation word between processes. The app has one
 * (`processCaches` below); tests make several to play several processes.
 */
export class ProcessCaches {
  readonly #caches = new Map<string, ProcessCache<unknown>>()
  readonly #origin = randomUUID()
  readonly #redisUrl: string | null
  readonly #channel: string
  #publisher: Redis | null = null
  #subscriber: Redis | null = null
  #listening = false

  constructor(options: { redisUrl?: string | null; channel?: string } = {}) {
    this.#redisUrl = options.redisUrl || null
    this.#channel = options.channel ?? 'hearth:process-cache'
  }

  define<V>(name: string, options: CacheOptions): ProcessCache<V> {
    if (this.#caches.has(name)) throw new Error(`process cache "${name}" is defined twice`)
    const cache = new ProcessCache<V>(name, options, () => this.#canKeep())
    this.#caches.set(name, cache as ProcessCache<unknown>)
    return cache
  }

  /** Drops a cache's value for `key` (or all of them) here and, through Redis, in every other process. */
  async invalidate(name: string, key?: string): Promise<void> {
    this.#drop(name, key)
    if (!this.#redisUrl) return
    this.#publisher ??= this.#connect('publisher')
    const message: Invalidation = { origin: this.#origin, name, ...(key === undefined ? {} : { key }) }
    try {
      await this.#publisher.publish(this.#channel, JSON.stringify(message))
    } catch (error) {
      // The write itself succeeded; the other processes see it once their copy is older than maxAgeMs.
      logger.warn({ err: error, cache: name }, 'process cache invalidation not published')
    }
  }

  /** Whether values may be kept: always without Redis, only while subscribed with it. */
  #canKeep(): boolean {
    if (!this.#redisUrl) return true
    if (!this.#subscriber) this.#subscribe()
    return this.#listening
  }

  #subscribe() {
    const subscriber = this.#connect('subscriber')
    this.#subscriber = subscriber
    const listen = () =>
      subscriber.subscribe(this.#channel).then(
        () => {
          // Whatever was said while this process was not listening is lost: start from nothing.
          this.#dropAll()
          this.#listening = true
        },
        (error: unknown) => logger.warn({ err: error }, 'process cache cannot subscribe'),
      )
    subscriber.on('ready', listen)
    subscriber.on('close', () => {
      this.#listening = false
      this.#dropAll()
    })
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.#channel) return
      const message = parseInvalidation(text)
      if (message && message.origin !== this.#origin) this.#drop(message.name, message.key)
    })
  }

  #connect(role: string): Redis {
    // The subscriber re-subscribes itself after a reconnect ('ready' above); offline commands fail fast.
    const client = new Redis(this.#redisUrl!, {
      maxRetriesPerRequest: 2,
      autoResubscribe: false,
      enableOfflineQueue: role === 'publisher',
    })
    client.on('error', (error: unknown) => logger.warn({ err: error, role }, 'process cache redis error'))
    return client
  }

  #drop(name: string, key?: string) {
    this.#caches.get(name)?.drop(key)
  }

  #dropAll() {
    for (const cache of this.#caches.values()) cache.drop()
  }

  async close() {
    this.#listening = false
    await Promise.all(
      [this.#publisher?.quit(), this.#subscriber?.quit()].map((closing) => closing?.catch(() => undefined)),
    )
    this.#publisher = this.#subscriber = null
  }
}

function parseInvalidation(text: string): Invalidation | null {
  try {
    const value = JSON.parse(text) as Partial<Invalidation>
    if (typeof value.origin !== 'string' || typeof value.name !== 'string') return null
    return { origin: value.origin, name: value.name, ...(typeof value.key === 'string' ? { key: value.key } : {}) }
  } catch {
    return null
  }
}

/** The web process's caches; with REDIS_URL, invalidations reach every web process. */
export const processCaches = new ProcessCaches({ redisUrl: env.REDIS_URL })
