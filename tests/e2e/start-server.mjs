// The e2e suite's web server: the production build on a fresh, seeded SQLite database.
import { spawn, spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = process.argv[2] ?? '3100'
const env = {
  ...process.env,
  // Development mode at run time keeps the developer console (/dev) on, which the suite visits.
  NODE_ENV: 'development',
  PORT: port,
  DATABASE_URL: `sqlite:${join(tmpdir(), `hearth-e2e-${process.pid}.sqlite`)}`,
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
}
delete env.REDIS_URL

const seed = spawnSync('node', ['node_modules/.bin/tsx', 'scripts/seed.ts'], { env, stdio: 'inherit' })
if (seed.status !== 0) process.exit(seed.status ?? 1)

const server = spawn('node', ['server.js'], { env, stdio: 'inherit' })
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
