import { db } from '#app/lib/platform/db.server'
import { logger } from '#app/lib/platform/logger.server'
import { webRedis } from '#app/lib/platform/redis.server'

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * Readiness: 200 when the database answers a query and Redis (when REDIS_URL is set) a PING, 503
 * naming what does not. A load balancer sends people only to a ready process; /healthz is liveness.
 */
export async function loader() {
  const started = performance.now()
  const [database, redis] = await Promise.all([
    check('database', () => db.query('SELECT 1')),
    webRedis() ? check('redis', () => webRedis()!.ping()) : ('off' as const),
  ])
  const ready = database === 'ok' && redis !== 'unreachable'
  return Response.json(
    { status: ready ? 'ok' : 'error', database, redis, latencyMs: Math.round(performance.now() - started) },
    { status: ready ? 200 : 503, headers: NO_STORE },
  )
}

async function check(name: string, probe: () => Promise<unknown>): Promise<'ok' | 'unreachable'> {
  try {
    await probe()
    return 'ok'
  } catch (error) {
    logger.error({ err: error }, `readiness: ${name} unreachable`)
    return 'unreachable'
  }
}
