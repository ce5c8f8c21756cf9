// Installs what the project needs and this machine lacks, so `npm test` and `npm run quickstart`
// work on a fresh clone. Uses only Node's built-ins: it runs before node_modules exists.
// Usage: node scripts/ensure-deps.mjs [--browser]   (--browser: Debian's chromium for the e2e suite too)
import { execSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { ensureWorker } from '../media-edge/scripts/ensure-worker.mjs'

const run = (command) =>
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0)

// mediasoup's own install would download its worker from GitHub (unreachable here): build the
// worker from source once, then let npm install mediasoup with MEDIASOUP_WORKER_BIN set, which
// makes its install script skip the download. The edge reads the same path at run time.
process.env.MEDIASOUP_WORKER_BIN = ensureWorker()

// npm records the tree it installed in node_modules/.package-lock.json; older than the lockfile
// (or absent) means the dependencies changed since the last install.
if (
  !existsSync('node_modules/.package-lock.json') ||
  mtime('package-lock.json') > mtime('node_modules/.package-lock.json')
) {
  console.log('Installing npm dependencies…')
  // npm install, not npm ci: the lockfile lacks other platforms' optional packages (rollup's, esbuild's)
  // because the registry here serves only this platform's, and npm ci refuses such a lockfile.
  run('npm install --no-audit --no-fund')
}

// sqlite3 compiles from source here (its prebuilt download is unreachable): about two minutes once.
if (!existsSync('node_modules/sqlite3/build/Release/node_sqlite3.node')) {
  console.log('Building sqlite3…')
  run('npm rebuild sqlite3')
}

// Debian packages: ffmpeg always (video messages' thumbnails; the app runs without it and shows
// those videos without one), chromium for the e2e suite. One apt-get update for whatever is missing.
const onPath = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' })
    return true
  } catch {
    return false
  }
}
const debianPackages = []
if (!onPath('ffmpeg')) debianPackages.push('ffmpeg')
if (process.argv.includes('--browser') && !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))
  debianPackages.push('chromium')
if (debianPackages.length > 0) {
  console.log(`Installing Debian's ${debianPackages.join(' and ')}…`)
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  run(`${sudo}apt-get update -qq`)
  run(`${sudo}apt-get install -y -qq --no-install-recommends ${debianPackages.join(' ')}`)
}
