// Installs what the project needs and this machine lacks, so `npm test` and `npm run quickstart`
// work on a fresh clone. Uses only Node's built-ins: it runs before node_modules exists.
// Usage: node scripts/ensure-deps.mjs [--browser | --rehearsal]   (--browser: what the whole suite needs too: Debian's
// chromium for the e2e suite, and its nginx and coturn, which the deploy test runs with the rendered configuration;
// --rehearsal: that, and Debian's Prometheus and NSS tools, which the production rehearsal runs (tests/rehearsal))
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

// The kept patches (patches/, docs/decisions/0020): npm install applies them (postinstall); a tree installed before
// one was added or changed gets it here. One already applied is left as it is.
run('npx --no-install patch-package')

// sqlite3 compiles from source here (its prebuilt download is unreachable): about two minutes once.
if (!existsSync('node_modules/sqlite3/build/Release/node_sqlite3.node')) {
  console.log('Building sqlite3…')
  run('npm rebuild sqlite3')
}

// Debian packages: ffmpeg always (video messages' thumbnails; the app runs without it and shows
// those videos without one), chromium for the e2e suite, and nginx and coturn for the deploy test
// (tests/integration/deploy). One apt-get update for whatever is missing.
const onPath = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' })
    return true
  } catch {
    return false
  }
}
const rehearsal = process.argv.includes('--rehearsal')
const browser = rehearsal || process.argv.includes('--browser')
const debianPackages = []
if (!onPath('ffmpeg')) debianPackages.push('ffmpeg')
if (browser && !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) debianPackages.push('chromium')
if (browser && !existsSync('/usr/sbin/nginx')) debianPackages.push('nginx')
if (browser && !existsSync('/usr/bin/turnserver')) debianPackages.push('coturn')
// The rehearsal's scraper, and certutil, which makes its browsers trust the install's local CA.
if (rehearsal && !existsSync('/usr/bin/prometheus')) debianPackages.push('prometheus')
if (rehearsal && !existsSync('/usr/bin/certutil')) debianPackages.push('libnss3-tools')
if (debianPackages.length > 0) {
  console.log(`Installing Debian's ${debianPackages.join(' and ')}…`)
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  run(`${sudo}apt-get update -qq`)
  // Debian's nginx starts serving port 80 as it is installed: the test only needs its binary. A policy-rc.d
  // answering 101 ("action forbidden") keeps every package's service from starting; one already there (as in
  // containers) is put back afterwards.
  const policy = '/usr/sbin/policy-rc.d'
  run(
    `${sudo}sh -c 'if [ -e ${policy} ]; then mv ${policy} ${policy}.hearth; fi; printf "#!/bin/sh\\nexit 101\\n" >${policy}; chmod 755 ${policy}'`,
  )
  try {
    run(`${sudo}apt-get install -y -qq --no-install-recommends ${debianPackages.join(' ')}`)
  } finally {
    run(`${sudo}sh -c 'rm -f ${policy}; if [ -e ${policy}.hearth ]; then mv ${policy}.hearth ${policy}; fi'`)
  }
  // The packages also enable their services for the next boot: undo that (and under a running systemd, stop them in
  // case they started). systemctl disable works without systemd running too (a container): it removes the links.
  const services = debianPackages.filter((name) => ['nginx', 'coturn', 'prometheus'].includes(name))
  if (services.length && onPath('systemctl'))
    run(`${sudo}systemctl disable ${existsSync('/run/systemd/system') ? '--now ' : ''}${services.join(' ')}`)
}
