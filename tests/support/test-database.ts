import { randomBytes } from 'node:crypto'
import { copyFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mysql from 'mysql2/promise'
import { dialectOf } from '#models/db'

export interface TestDatabase {
  url: string
  drop: () => Promise<void>
}

/** The server a mysql:/mariadb: URL names, without a database. */
function serverOf(baseUrl: string) {
  const server = new URL(baseUrl.replace(/^mariadb:/, 'mysql:'))
  server.pathname = '/'
  return server.toString()
}

const sqliteFile = () => join(tmpdir(), `hearth-test-${randomBytes(6).toString('hex')}.sqlite`)

function sqliteDatabase(file: string): TestDatabase {
  return {
    url: `sqlite:${file}`,
    drop: async () => {
      for (const extension of ['', '-wal', '-shm']) rmSync(file + extension, { force: true })
    },
  }
}

/** An empty MySQL/MariaDB database on the server `baseUrl` names; `fill` runs on it before it is handed out. */
async function mysqlDatabase(
  baseUrl: string,
  fill?: (connection: mysql.Connection) => Promise<void>,
): Promise<TestDatabase> {
  const server = serverOf(baseUrl)
  const name = `hearth_test_${randomBytes(6).toString('hex')}`
  const admin = await mysql.createConnection({ uri: server, multipleStatements: true })
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
    if (fill) {
      await admin.query(`USE \`${name}\``)
      await fill(admin)
    }
  } finally {
    await admin.end()
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const connection = await mysql.createConnection(server)
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
      await connection.end()
    },
  }
}

/**
 * A brand-new, empty database for one test file, on the server TEST_DATABASE_URL names (a fresh
 * SQLite file when it is unset or sqlite:). Returns its URL and a function that removes it.
 */
export async function createTestDatabase(baseUrl = process.env.TEST_DATABASE_URL || 'sqlite:'): Promise<TestDatabase> {
  return dialectOf(baseUrl) === 'sqlite' ? sqliteDatabase(sqliteFile()) : mysqlDatabase(baseUrl)
}

/**
 * How to make a copy of a migrated database: its file (SQLite, closed, so the WAL is folded in),
 * or its tables' definitions and the tables that hold rows (MySQL/MariaDB).
 */
export type DatabaseTemplate =
  | { dialect: 'sqlite'; file: string }
  | {
      dialect: 'mysql'
      baseUrl: string
      database: string
      tables: { name: string; create: string; hasRows: boolean }[]
    }

/** Reads what a copy of the migrated MySQL/MariaDB database at `url` needs. */
export async function describeTemplate(url: string): Promise<DatabaseTemplate> {
  if (dialectOf(url) === 'sqlite') return { dialect: 'sqlite', file: url.replace(/^sqlite:/, '') }
  const database = new URL(url).pathname.slice(1)
  const connection = await mysql.createConnection(url.replace(/^mariadb:/, 'mysql:'))
  try {
    const [names] = await connection.query<mysql.RowDataPacket[]>(
      "SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME",
      [database],
    )
    const tables = []
    for (const { name } of names as { name: string }[]) {
      const [[definition]] = await connection.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE \`${name}\``)
      const [[row]] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT EXISTS (SELECT 1 FROM \`${name}\`) AS hasRows`,
      )
      // AUTO_INCREMENT=n would carry the template's counters over; a copy starts afresh.
      const create = String(definition!['Create Table']).replace(/ AUTO_INCREMENT=\d+/, '')
      tables.push({ name, create, hasRows: Boolean(row!.hasRows) })
    }
    return { dialect: 'mysql', baseUrl: url, database, tables }
  } finally {
    await connection.end()
  }
}

/**
 * A new database with the template's tables and rows: what migrating takes seconds to build
 * (every integration test file needs one), copied in milliseconds.
 */
export async function copyTestDatabase(template: DatabaseTemplate): Promise<TestDatabase> {
  if (template.dialect === 'sqlite') {
    const file = sqliteFile()
    copyFileSync(template.file, file)
    return sqliteDatabase(file)
  }
  return mysqlDatabase(template.baseUrl, async (connection) => {
    // Tables come in name order, so foreign keys may name a table made after them.
    const statements = ['SET FOREIGN_KEY_CHECKS = 0', ...template.tables.map((table) => table.create)]
    for (const table of template.tables.filter((table) => table.hasRows)) {
      statements.push(`INSERT INTO \`${table.name}\` SELECT * FROM \`${template.database}\`.\`${table.name}\``)
    }
    statements.push('SET FOREIGN_KEY_CHECKS = 1')
    await connection.query(statements.join(';\n'))
  })
}
