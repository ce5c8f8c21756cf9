// MySQL or MariaDB through their own clients: mariadb-dump writes the dump (one transaction, so a
// running install gives a consistent one), the mariadb client loads it. Both get the password in
// MYSQL_PWD, never as an argument (any user of the machine can read another process's arguments),
// and --no-defaults, so a ~/.my.cnf cannot point them anywhere but where DATABASE_URL does.
import { spawn } from 'node:child_process'
import { constants, createReadStream, createWriteStream } from 'node:fs'
import { access } from 'node:fs/promises'
import { delimiter, join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { DumpRowCounter } from './dump-rows'

export type MysqlServer = { host: string; port: number; user: string; password: string | null; database: string }

/** The server, account and database a mysql:// (or mariadb://) DATABASE_URL names. */
export function mysqlServer(url: string): MysqlServer {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'))
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  if (!database) throw new Error('DATABASE_URL names no database (mysql://user:pass@host:3306/database)')
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username) || 'root',
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    database,
  }
}

/** The first of the programs found on the PATH: MariaDB's names first, MySQL's as a fallback. */
async function findProgram(names: readonly string[]): Promise<string> {
  const folders = (process.env.PATH ?? '/usr/bin:/bin').split(delimiter).filter(Boolean)
  for (const name of names)
    for (const folder of folders) {
      const path = join(folder, name)
      try {
        await access(path, constants.X_OK)
        return path
      } catch {
        // Not in this folder.
      }
    }
  throw new Error(`Neither ${names.join(' nor ')} is installed (Debian: apt-get install mariadb-client)`)
}

/** Where to connect, as both clients take it: over TCP like the app, even to localhost (not the socket). */
const connectionArguments = (server: MysqlServer) => [
  '--no-defaults',
  '--protocol=TCP',
  `--host=${server.host}`,
  `--port=${server.port}`,
  `--user=${server.user}`,
  '--default-character-set=utf8mb4',
]

function clientEnvironment(server: MysqlServer): NodeJS.ProcessEnv {
  const environment = { ...process.env }
  if (server.password === null) delete environment.MYSQL_PWD
  else environment.MYSQL_PWD = server.password
  return environment
}

/**
 * Runs a client with `io` streaming its standard input or output; rejects with what it wrote to
 * standard error when it fails or `io` does.
 */
async function runClient(
  program: string,
  args: string[],
  server: MysqlServer,
  io: (streams: { stdin: Writable; stdout: Readable }) => Promise<void>,
) {
  const child = spawn(program, args, { env: clientEnvironment(server), stdio: ['pipe', 'pipe', 'pipe'] })
  let errors = ''
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors = (errors + text).slice(-4000)))
  const exited = new Promise<number | null>((done, fail) => {
    child.once('error', fail)
    child.once('close', done)
  })
  let failure: unknown = null
  try {
    await io({ stdin: child.stdin, stdout: child.stdout })
  } catch (error) {
    failure = error
    child.kill()
  }
  const code = await exited
  if (code !== 0 || failure)
    throw new Error(`${program} failed${code ? ` (exit ${code})` : ''}: ${errors.trim() || String(failure)}`)
}

/**
 * Dumps the database to a gzipped SQL file: schema, rows, routines and triggers, in one
 * transaction (InnoDB), with binary columns in hex. Returns each table's rows as the dump holds them.
 */
export async function dumpMysql(url: string, file: string): Promise<Map<string, number>> {
  const server = mysqlServer(url)
  const program = await findProgram(['mariadb-dump', 'mysqldump'])
  const counter = new DumpRowCounter()
  const args = [
    ...connectionArguments(server),
    '--single-transaction',
    '--quick',
    '--hex-blob',
    '--routines',
    '--triggers',
    '--no-tablespaces',
    // The database is named as an argument, not with --databases: the dump then holds no CREATE
    // DATABASE or USE, and loads into a database of any name.
    server.database,
  ]
  await runClient(program, args, server, ({ stdin, stdout }) => {
    stdin.end()
    return pipeline(stdout, counter, createGzip(), createWriteStream(file, { flags: 'wx' }))
  })
  return counter.rows
}

/** Streams a gzipped dump into the database through the mariadb (or mysql) client. */
export async function loadMysql(url: string, file: string) {
  const server = mysqlServer(url)
  const program = await findProgram(['mariadb', 'mysql'])
  // --binary-mode: the dump's text goes in as written (no \r\n translation, no client commands).
  const args = [...connectionArguments(server), '--batch', '--binary-mode', server.database]
  await runClient(program, args, server, ({ stdin, stdout }) => {
    stdout.resume()
    return pipeline(createReadStream(file), createGunzip(), stdin)
  })
}
