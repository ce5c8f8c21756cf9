import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mysql from 'mysql2/promise'
import { dialectOf } from '#models/db'

/**
 * A brand-new, empty database for one test file, on the server TEST_DATABASE_URL names (a fresh
 * SQLite file when it is unset or sqlite:). Returns its URL and a function that removes it.
 */
export async function createTestDatabase(baseUrl = process.env.TEST_DATABASE_URL || 'sqlite:'): Promise<{
  url: string
  drop: () => Promise<void>
}> {
  const suffix = randomBytes(6).toString('hex')
  if (dialectOf(baseUrl) === 'sqlite') {
    const file = join(tmpdir(), `hearth-test-${suffix}.sqlite`)
    return {
      url: `sqlite:${file}`,
      drop: async () => {
        for (const extension of ['', '-wal', '-shm']) rmSync(file + extension, { force: true })
      },
    }
  }
  const server = new URL(baseUrl.replace(/^mariadb:/, 'mysql:'))
  const name = `hearth_test_${suffix}`
  server.pathname = '/'
  const admin = await mysql.createConnection(server.toString())
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  await admin.end()
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const connection = await mysql.createConnection(server.toString())
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
      await connection.end()
    },
  }
}
