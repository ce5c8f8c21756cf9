import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Sequelize, Transaction, type Options } from 'sequelize'

export const DEFAULT_DATABASE_URL = 'sqlite:data/hearth.sqlite'

export type Dialect = 'sqlite' | 'mysql'

/** Which dialect a DATABASE_URL names; mariadb:// is spoken through the mysql dialect (mysql2). */
export function dialectOf(url: string): Dialect {
  if (!isDatabaseUrl(url))
    throw new Error(`DATABASE_URL must start with sqlite: or mysql:// (got "${url.split(':')[0]}:")`)
  return url.startsWith('sqlite:') ? 'sqlite' : 'mysql'
}

/** Whether Hearth can open this DATABASE_URL (for the env modules' checks). */
export function isDatabaseUrl(url: string): boolean {
  return url.startsWith('sqlite:') || /^(mysql|mariadb):\/\//.test(url)
}

/** The file a sqlite: URL names, relative to the working directory; `sqlite::memory:` stays in memory. */
export function sqliteStorage(url: string): string {
  const path = url.replace(/^sqlite:(\/\/)?/, '')
  return path === ':memory:' ? path : resolve(path)
}

export function connect(url: string, options: { logging?: Options['logging'] } = {}): Sequelize {
  const common: Options = {
    logging: options.logging ?? false,
    define: { timestamps: true, underscored: false },
  }
  if (dialectOf(url) === 'sqlite') {
    const storage = sqliteStorage(url)
    if (storage !== ':memory:') mkdirSync(dirname(storage), { recursive: true })
    return new Sequelize({
      ...common,
      dialect: 'sqlite',
      storage,
      // One handle: SQLite serialises writers anyway, and the PRAGMAs below are per connection.
      pool: { max: 1, min: 0, idle: 60_000 },
      // A transaction takes the write lock when it begins (waiting out another writer for
      // busy_timeout). A deferred one that reads first and writes later fails at once with
      // SQLITE_BUSY when another process wrote in between: busy_timeout cannot help a lock upgrade.
      transactionType: Transaction.TYPES.IMMEDIATE,
      hooks: {
        // WAL lets readers go on while a write is in progress; busy_timeout waits out another writer.
        afterConnect: (connection) =>
          new Promise<void>((done, fail) =>
            (connection as { exec(sql: string, cb: (error: Error | null) => void): void }).exec(
              'PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;',
              (error) => (error ? fail(error) : done()),
            ),
          ),
      },
    })
  }
  return new Sequelize(url.replace(/^mariadb:/, 'mysql:'), {
    ...common,
    dialect: 'mysql',
    dialectOptions: { charset: 'utf8mb4' },
    pool: { max: 10, min: 0, idle: 10_000 },
    timezone: '+00:00',
  })
}
