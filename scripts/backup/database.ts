// The database half of a backup, per dialect: a consistent dump of a possibly running install, its
// load into an empty one, and the figures both sides compare (each table's rows, the last migration).
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { QueryTypes, Sequelize } from 'sequelize'
import sqlite3 from 'sqlite3'
import { connect, dialectOf, sqliteStorage, type Dialect } from '#models/db'
import { copyHashed } from './files'
import { dumpMysql, loadMysql, mysqlServer } from './mariadb'
import { BackupRefused } from './refused'

/** The dump's name in the backup, per dialect. */
export const DUMP_FILE: Record<Dialect, string> = { sqlite: 'database.sqlite', mysql: 'database.sql.gz' }

export type DatabaseFigures = { tables: Record<string, number>; lastMigration: string | null }

/** Tables by name, in one order whatever the dialect's collation. */
const sorted = (rows: Map<string, number>) =>
  Object.fromEntries([...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))

function sqliteFile(url: string) {
  const file = sqliteStorage(url)
  if (file === ':memory:') throw new Error('An in-memory SQLite database (sqlite::memory:) has nothing to back up')
  return file
}

/** A SQLite file opened read-only: reading it creates no journal, WAL or -shm file beside it. */
const openReadOnly = (file: string) =>
  new Sequelize({ dialect: 'sqlite', storage: file, logging: false, dialectOptions: { mode: sqlite3.OPEN_READONLY } })

/** Runs `work` on a connection of its own, closed after it whatever happens. */
async function withConnection<T>(sequelize: Sequelize, work: (sequelize: Sequelize) => Promise<T>): Promise<T> {
  try {
    return await work(sequelize)
  } finally {
    await sequelize.close()
  }
}

const select = <T extends object>(sequelize: Sequelize, sql: string) =>
  sequelize.query<T>(sql, { type: QueryTypes.SELECT })

/** The database's tables (SQLite's own sqlite_* ones left out). */
export async function tableNames(sequelize: Sequelize): Promise<string[]> {
  const sql =
    sequelize.getDialect() === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
      : "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'"
  return (await select<{ name: string }>(sequelize, sql)).map((row) => row.name).sort()
}

/** The last migration applied (umzug's SequelizeMeta), or null for a database never migrated. */
async function lastMigration(sequelize: Sequelize): Promise<string | null> {
  if (!(await tableNames(sequelize)).includes('SequelizeMeta')) return null
  const quote = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name)
  const [last] = await select<{ name: string }>(
    sequelize,
    `SELECT ${quote('name')} FROM ${quote('SequelizeMeta')} ORDER BY ${quote('name')} DESC LIMIT 1`,
  )
  return last?.name ?? null
}

/** Each table's rows and the last migration, as the database holds them now. */
export async function databaseFigures(sequelize: Sequelize): Promise<DatabaseFigures> {
  const quote = (name: string) => sequelize.getQueryInterface().quoteIdentifier(name)
  const rows = new Map<string, number>()
  for (const table of await tableNames(sequelize)) {
    const [row] = await select<{ rows: number | string }>(
      sequelize,
      `SELECT COUNT(*) AS ${quote('rows')} FROM ${quote(table)}`,
    )
    rows.set(table, Number(row!.rows))
  }
  return { tables: sorted(rows), lastMigration: await lastMigration(sequelize) }
}

/**
 * Writes the database's dump into the backup directory and returns its name and figures.
 *
 * SQLite: VACUUM INTO, through a connection like the app's, copies the database as one read
 * transaction sees it (WAL lets the app go on writing meanwhile); the figures are read from the copy.
 * MySQL/MariaDB: mariadb-dump in one transaction; the rows are counted in the dump itself (see
 * dump-rows.ts), the last migration read just before (migrations run at deploys, not during backups).
 */
export async function dumpDatabase(url: string, directory: string): Promise<DatabaseFigures & { file: string }> {
  const dialect = dialectOf(url)
  const file = DUMP_FILE[dialect]
  const target = join(directory, file)
  if (dialect === 'sqlite') {
    const source = sqliteFile(url)
    // Opening a missing file would create an empty database, and back that up.
    if (!existsSync(source)) throw new BackupRefused(`There is no database at ${source} (DATABASE_URL=${url})`)
    await withConnection(connect(url), (sequelize) =>
      sequelize.query('VACUUM INTO ?', { replacements: [target], type: QueryTypes.RAW }),
    )
    return { file, ...(await withConnection(openReadOnly(target), databaseFigures)) }
  }
  const last = await withConnection(connect(url), lastMigration)
  const rows = await dumpMysql(url, target)
  return { file, tables: sorted(rows), lastMigration: last }
}

/**
 * Why the database DATABASE_URL names cannot take a restore, or null when it can: it must hold no
 * table (SQLite: the file may also be absent), and MySQL/MariaDB's database must exist.
 */
export async function databaseRefusal(url: string): Promise<string | null> {
  if (dialectOf(url) === 'sqlite') {
    const file = sqliteFile(url)
    if (!existsSync(file)) return null
    const tables = await withConnection(openReadOnly(file), tableNames)
    return tables.length ? `the database ${file} has ${tables.length} tables` : null
  }
  const { database } = mysqlServer(url)
  try {
    const tables = await withConnection(connect(url), tableNames)
    return tables.length ? `the database ${database} has ${tables.length} tables` : null
  } catch (error) {
    if (/unknown database/i.test((error as Error).message))
      return `the database ${database} does not exist: create it first (CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4)`
    throw error
  }
}

/**
 * Loads a backup's dump into the (empty, checked) database DATABASE_URL names. SQLite: the copy is
 * written beside and renamed into place, replacing the empty file and whatever WAL it had.
 * Returns the figures of the database as loaded.
 */
export async function loadDatabase(url: string, dump: string, expectedSha256: string): Promise<DatabaseFigures> {
  if (dialectOf(url) === 'sqlite') {
    const file = sqliteFile(url)
    // A stale -wal beside the new file would be replayed into it.
    for (const extension of ['-wal', '-shm']) await rm(file + extension, { force: true })
    const { sha256 } = await copyHashed(dump, file, { exclusive: false })
    if (sha256 !== expectedSha256) throw new Error(`${dump} changed while it was being restored`)
  } else await loadMysql(url, dump)
  return withConnection(connect(url), databaseFigures)
}
