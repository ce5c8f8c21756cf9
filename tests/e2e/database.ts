// The end-to-end workers' way into a web server's database: the app's own models, bound to the
// run's SQLite file (E2E_DATABASE, set in playwright.config.ts), so specs make their rows with the
// factories the integration tests use (tests/support/factories.ts) and read them with the models.
//
// openDatabase (models/index.ts, models/db.ts) opens SQLite as the server does: WAL, so the worker
// reads while the server writes, and busy_timeout, so a write waits out the other process's lock
// instead of failing with SQLITE_BUSY. The worker's own connection waits longer than the server's
// 5 s: on a machine busy with meetings a test's setup had better be slow than fail.
import type { Sequelize } from 'sequelize'
import { openDatabase } from '#models/index'
import { scopeUniqueDefaults } from '../support/factories'

const WORKER_BUSY_TIMEOUT_MS = 30_000

// Both workers and both projects share the run's database, so what the factories make by default
// (user-N@factory.test, room-N) carries this worker process's own part.
scopeUniqueDefaults(`e2e${process.pid}-`)

let bound: { path: string; sequelize: Sequelize } | null = null

/**
 * The models bound to a web server's SQLite file, by default the run's, and its connection, which
 * opens at the first query. The models are classes, so a worker holds one database at a time: a
 * spec running servers of its own (meeting-edges.js.spec.ts) binds theirs while it uses them and
 * binds the run's back (`bindModels()`) when it is done.
 */
export function bindModels(path = process.env.E2E_DATABASE): Sequelize {
  if (!path) throw new Error('E2E_DATABASE is not set: run the suite through playwright.config.ts')
  if (bound?.path === path) return bound.sequelize
  const previous = bound
  const sequelize = openDatabase(`sqlite:${path}`)
  sequelize.addHook('afterConnect', (connection) => setBusyTimeout(connection, WORKER_BUSY_TIMEOUT_MS))
  bound = { path, sequelize }
  void previous?.sequelize.close().catch(() => undefined)
  return sequelize
}

function setBusyTimeout(connection: unknown, ms: number) {
  return new Promise<void>((done, fail) =>
    (connection as { exec(sql: string, cb: (error: Error | null) => void): void }).exec(
      `PRAGMA busy_timeout = ${ms}`,
      (error) => (error ? fail(error) : done()),
    ),
  )
}

// Every spec's models point at the run's database from the start.
bindModels()
