// npm run edge: one media edge from the environment (media-edge/env.ts). Applies pending
// migrations first, so a fresh checkout's default SQLite database works. SIGTERM or SIGINT
// drains: the rooms are handed back and the edge leaves the registry, then every client is told
// to move (`edge:move`: its page reloads onto a live edge), then the workers close.
import { openDatabase } from '#models/index'
import { migrateUp } from '#models/migrator'
import { loadDotEnv, parseEdgeEnv } from './env'
import { createLogger } from './logger'
import { startEdge } from './server'
import { watchProcessErrors } from './shared/process-errors'

loadDotEnv()
let env
try {
  env = parseEdgeEnv()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
const logger = createLogger(env.LOG_LEVEL)
watchProcessErrors(logger)
const sequelize = openDatabase(env.DATABASE_URL)
await migrateUp(sequelize)
const running = await startEdge({ env, sequelize, logger })
console.log(`Media edge on ${running.publicUrl} (port ${running.port}, ${env.MEDIA_WORKERS} workers)`)

let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'draining')
    // A drain that hangs must not keep a deploy waiting forever.
    setTimeout(() => process.exit(1), 10_000).unref()
    running
      .close()
      .then(() => sequelize.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'drain failed')
          process.exit(1)
        },
      )
  })
}
