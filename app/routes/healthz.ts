import { db } from '#app/lib/platform/db.server'
import { logger } from '#app/lib/platform/logger.server'

/** Liveness with a real database round trip: 200 when a query answers, 503 when it does not. */
export async function loader() {
  const started = performance.now()
  try {
    await db.query('SELECT 1')
    return Response.json(
      { status: 'ok', database: 'ok', latencyMs: Math.round(performance.now() - started) },
      { headers: { 'Cache-Control': 'no-store' } },
    )
  } catch (error) {
    logger.error({ err: error }, 'health check: database unreachable')
    return Response.json(
      { status: 'error', database: 'unreachable' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    )
  }
}
