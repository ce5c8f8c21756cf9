import { Redis } from 'ioredis'
import { env } from './env.server'
import { logger } from './logger.server'

let client: Redis | null = null

/**
 * The web process's one Redis connection (rate limits, edge assignment and publishing), or null
 * without REDIS_URL, where each of those falls back to the database or the single edge.
 */
export function webRedis(): Redis | null {
  if (!env.REDIS_URL) return null
  if (!client) {
    client = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 })
    // ioredis reconnects by itself; without a listener it would print each failed attempt raw.
    client.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'))
  }
  return client
}

/** Ends the connection, if one was opened (the process stopping: connections.server.ts). */
export async function closeWebRedis() {
  const closing = client
  client = null
  await closing?.quit()
}
