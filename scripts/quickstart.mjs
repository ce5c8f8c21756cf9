// npm run quickstart: from a fresh clone to the demo community at http://localhost:3000.
// Installs what is missing, builds, migrates and seeds, then serves until Ctrl-C.
import { execSync, spawn } from 'node:child_process'

const run = (command) => execSync(command, { stdio: 'inherit' })

run('node scripts/ensure-deps.mjs')
run('node node_modules/.bin/remix build')
run('node node_modules/.bin/tsx scripts/seed.ts')

// Development mode at run time keeps the developer console (/dev), where sign-in codes appear.
const web = spawn('node', ['server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => web.kill(signal))
web.on('exit', (code) => process.exit(code ?? 0))
