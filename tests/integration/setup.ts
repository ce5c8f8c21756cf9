// Runs before each integration test file: a fresh database, a copy of the one global-setup.ts
// migrated, named by DATABASE_URL so the app's own modules (app/lib/platform/db.server.ts) open it.
// The file's models are bound to it.
import { afterAll, inject } from 'vitest'
import { copyTestDatabase } from '../support/test-database'

const database = await copyTestDatabase(inject('databaseTemplate'))
process.env.DATABASE_URL = database.url
// Nor do they share Redis: rate limits, edge assignments and the rest fall back to this file's own
// database and defaults. (With REDIS_URL set, as in CI, files running side by side would count
// their sign-ins against one per-address limit.) Tests of the Redis paths name Redis themselves.
delete process.env.REDIS_URL

const { db } = await import('#app/lib/platform/db.server')
// After DATABASE_URL: the matchers read flashes through the app's own modules.
await import('../support/matchers')

afterAll(async () => {
  try {
    await db.close()
  } catch (error) {
    // A test may close the database itself (readyz-database-down.test.ts); Sequelize's SQLite
    // dialect then throws SQLITE_MISUSE on a second close. Anything else is a real failure.
    if (!/closed/i.test((error as Error).message)) throw error
  } finally {
    await database.drop()
  }
})
