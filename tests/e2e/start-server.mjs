// The e2e suite's web server: the production build on a fresh, seeded SQLite database, removed
// again when Playwright stops the server.
import { spawn, spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = process.argv[2] ?? '3100'
const database = join(tmpdir(), `hearth-e2e-${process.pid}.sqlite`)
const env = {
  ...process.env,
  // Development mode at run time keeps the developer console (/dev), which the suite visits.
  NODE_ENV: 'development',
  PORT: port,
  DATABASE_URL: `sqlite:${database}`,
  LOG_LEVEL: 'warn',
}
delete env.REDIS_URL

const seed = spawnSync('node', ['node_modules/.bin/tsx', 'scripts/seed.ts'], { env, stdio: 'inherit' })
if (seed.status !== 0) process.exit(seed.status ?? 1)

const server = spawn('node', ['server.js'], { env, stdio: 'inherit' })
const removeDatabase = () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true })
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill('SIGTERM'))
// If this process dies without a signal (Playwright killed hard), take the server down with it.
process.on('exit', () => server.kill('SIGTERM'))
server.on('exit', (code) => {
  removeDatabase()
  process.exit(code ?? 0)
})
