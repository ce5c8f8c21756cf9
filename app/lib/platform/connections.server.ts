import { LiveBus } from './live-bus.server'
import { db } from './db.server'
import { processCaches } from './process-cache.server'
import { closeWebRedis } from './redis.server'

/**
 * Closes what the web process holds open to its backing services, as it stops (server.js, after its
 * last answer): the database pool and every Redis connection say goodbye (COM_QUIT, QUIT) rather than
 * vanish with the process, so MariaDB counts no aborted client and neither server keeps a dead
 * connection until its timeout. A service that no longer answers is waited for CLOSE_WAIT_MS at most.
 */
export async function closeConnections() {
  const closed = Promise.all(
    [db.close(), closeWebRedis(), LiveBus.closeAll(), processCaches.close()].map((closing) =>
      closing.catch(() => undefined),
    ),
  )
  let timer: NodeJS.Timeout | undefined
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))])
  clearTimeout(timer)
}

/** How long a service that no longer answers may hold the process's exit. */
const CLOSE_WAIT_MS = 5_000
