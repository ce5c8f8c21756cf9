// The e2e suite's web server: the production build on a fresh, seeded SQLite database, removed
// again when Playwright stops the server, sending its mail to the run's loopback SMTP server.
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
  // Mail goes to the run's SMTP server on loopback (tests/e2e/global-setup.ts), where the tests
  // read it; without E2E_SMTP_PORT (the server started by hand) it stays in the dev outbox.
  SMTP_URL: process.env.E2E_SMTP_PORT ? `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` : '',
  // Every test signs in from the same address: the suite as a whole asks for more than the 20
  // codes an hour one address gets by default.
  CODES_PER_ADDRESS_PER_HOUR: '200',
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
