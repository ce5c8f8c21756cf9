// npm run quickstart: from a fresh clone to the demo community at http://localhost:3000, with a
// media edge next to it for meetings. Installs what is missing, builds, migrates and seeds, then
// serves both until Ctrl-C. With --watch (npm run dev) the web app is rebuilt and its server
// restarted on every change under app/ or locales/ (`remix dev`); reload the page to see it.
import { execSync, spawn } from 'node:child_process'

const watch = process.argv.includes('--watch')
// Development mode, set explicitly (an unset NODE_ENV means production and requires the secrets):
// it keeps the developer console (/dev), where sign-in codes appear, and the development secrets.
const env = { ...process.env, NODE_ENV: 'development' }
const run = (command, options = {}) => execSync(command, { stdio: 'inherit', ...options })

run('node scripts/ensure-deps.mjs')
if (!watch) run('node node_modules/.bin/remix build')
run('node node_modules/.bin/tsx scripts/seed.ts', { env })

// remix dev's own port (its rebuild notices) is set apart from the edge's 3001.
const web = watch
  ? ['node_modules/.bin/remix', 'dev', '--port', process.env.REMIX_DEV_PORT ?? '3010', '-c', 'node server.js']
  : ['server.js']
const children = [
  spawn('node', web, { stdio: 'inherit', env }),
  spawn('node', ['--import', 'tsx', 'media-edge/main.ts'], { stdio: 'inherit', env }),
]
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((child) => child.kill(signal)))
// One process ending (a crash, or Ctrl-C) stops the other, so nothing is left running half-way.
let exitCode = null
for (const child of children) {
  child.on('exit', (code) => {
    exitCode ??= code ?? 0
    for (const other of children) if (other.exitCode === null && other.signalCode === null) other.kill('SIGTERM')
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(exitCode)
  })
}
