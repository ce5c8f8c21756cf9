// What the web process and the edge do with a failure nobody handled: log it (with the web request it
// came from, where there is one), and go on unless the process can no longer be trusted.
import { AsyncLocalStorage } from 'node:async_hooks'

interface ErrorLogger {
  error(fields: object, message: string): void
  fatal(fields: object, message: string): void
}

/** The id of the web request a piece of work belongs to (server.js runs each request inside it). */
export const requestContext = new AsyncLocalStorage<string>()

/**
 * A rejected promise nobody awaited is a bug, not a reason to drop every request in flight: it is
 * logged with the request it came from (Node runs this handler in the promise's own async context)
 * and the process goes on. An exception nobody caught leaves the process in a state nobody knows:
 * logged the same way, then the process exits, and its supervisor (systemd) starts a fresh one.
 */
export function watchProcessErrors(logger: ErrorLogger) {
  process.on('unhandledRejection', (reason) => {
    logger.error({ reqId: requestContext.getStore(), err: reason }, 'unhandled rejection')
  })
  process.on('uncaughtException', (error) => {
    logger.fatal({ reqId: requestContext.getStore(), err: error }, 'uncaught exception')
    process.exit(1)
  })
}
