// Installs Hearth on one Debian 12 server, from this checkout: nginx in front (TLS from Let's Encrypt, or a local
// CA), the web app as several processes and one or more media edges under systemd, MariaDB, Redis and coturn for
// TURN. docs/install.md walks through it; deploy/ holds the templates and deploy/render.mjs fills them.
//
//   node scripts/install-server.mjs --domain community.example.org --email ops@example.org
//     [--web 2] [--edges 1] [--local-ca] [--public-ip 203.0.113.10] [--local-ip 10.0.0.5] [--dry-run [--root <dir>]]
//
// Run it as root. Running it again changes only what changed: the generated secrets are kept, an app already built
// from the same sources is not rebuilt, and the services restart (one web process at a time) only when their code or
// settings changed. --dry-run runs no command: it prints each step and writes the rendered files under --root (a
// temporary directory by default) instead of /. Without systemd as PID 1 (a container), the systemctl steps and
// certbot are skipped with a message.
//
// Plain Node, no dependencies: it runs before the app's node_modules exist.
import { execFileSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { PATHS, TURN_RELAY_PORTS, parseEnvFile, planInstall, randomSecret, renderInstall } from '../deploy/render.mjs'
import { workerPath } from '../media-edge/scripts/ensure-worker.mjs'

const source = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const USAGE = `Usage: node scripts/install-server.mjs --domain <name> (--email <address> | --local-ca)
  [--web <processes, default 2>] [--edges <media edges, default 1>] [--public-ip <IPv4>] [--local-ip <IPv4>]
  [--dry-run [--root <dir>]]`

function options() {
  const { values } = parseArgs({
    options: {
      domain: { type: 'string' },
      email: { type: 'string' },
      web: { type: 'string', default: '2' },
      edges: { type: 'string', default: '1' },
      'local-ca': { type: 'boolean', default: false },
      'public-ip': { type: 'string' },
      'local-ip': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      root: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (values.root && !values['dry-run']) fail('--root is for --dry-run only: a real install writes to /')
  return values
}

function fail(message) {
  console.error(`\n${message}`)
  process.exit(1)
}

/** How a command reads on screen: arguments quoted where a shell would need it. */
const shown = (command, args) =>
  [command, ...args]
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(' ')

/**
 * The machine, or its stand-in under --dry-run: commands are printed instead of run, and files go under `root`.
 * Every write compares first, so a second run reports what it left unchanged and touches nothing.
 */
class Machine {
  constructor({ dryRun, root }) {
    this.dryRun = dryRun
    this.root = root
    this.systemd = !dryRun && existsSync('/run/systemd/system')
  }

  path(path) {
    return join(this.root, path)
  }

  step(title) {
    console.log(`\n==> ${title}`)
  }

  note(message) {
    console.log(`    ${message}`)
  }

  /** Runs a command (its output shown), or under --dry-run prints it. `display` hides a secret in what is printed. */
  run(command, args = [], { input, env, cwd, display } = {}) {
    const text = display ?? shown(command, args)
    if (this.dryRun) {
      console.log(`    would run: ${text}${cwd ? `   (in ${cwd})` : ''}`)
      return ''
    }
    console.log(`    $ ${text}${cwd ? `   (in ${cwd})` : ''}`)
    execFileSync(command, args, {
      stdio: [input === undefined ? 'inherit' : 'pipe', 'inherit', 'inherit'],
      input,
      cwd,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', ...env },
    })
    return ''
  }

  /** A read-only question to the machine (never under --dry-run): its output, or null when it fails. */
  ask(command, args) {
    if (this.dryRun) return null
    try {
      return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    } catch {
      return null
    }
  }

  /** systemctl when systemd runs the machine; otherwise say what was skipped. */
  systemctl(...args) {
    if (this.dryRun || this.systemd) return this.run('systemctl', args)
    this.note(`skipped (systemd is not PID 1 here): systemctl ${args.join(' ')}`)
  }

  read(path) {
    const full = this.path(path)
    return existsSync(full) ? readFileSync(full, 'utf8') : null
  }

  /** Writes a file when its content or mode differs; true when it did. */
  write({ path, content, mode, group }) {
    const full = this.path(path)
    const same = existsSync(full) && readFileSync(full, 'utf8') === content && (statSync(full).mode & 0o7777) === mode
    if (same) {
      this.note(`unchanged ${path}`)
    } else {
      mkdirSync(dirname(full), { recursive: true })
      // Written beside, then renamed: a service never reads half a file, and the mode is right from the start.
      const partial = `${full}.hearth-new`
      writeFileSync(partial, content, { mode })
      chmodSync(partial, mode)
      renameSync(partial, full)
      this.note(`wrote ${path} (mode ${mode.toString(8)})`)
    }
    if (group) this.chown(path, 'root', group)
    return !same
  }

  mkdir(path, mode, owner = 'root', group = owner) {
    const full = this.path(path)
    if (!existsSync(full)) {
      mkdirSync(full, { recursive: true, mode })
      this.note(`created ${path}`)
    }
    chmodSync(full, mode)
    this.chown(path, owner, group)
  }

  chown(path, owner, group) {
    if (this.dryRun) {
      if (owner !== 'root' || group !== 'root') console.log(`    would chown ${owner}:${group} ${path}`)
      return
    }
    chownSync(this.path(path), uid(owner), gid(group))
  }

  /** A symbolic link, replaced atomically when it points elsewhere; true when it changed. */
  link(target, path) {
    const full = this.path(path)
    if (existsSync(full) || isLink(full)) {
      if (isLink(full) && readlinkSync(full) === target) return false
      if (!isLink(full)) throw new Error(`${path} exists and is not a link: move it away first`)
    }
    mkdirSync(dirname(full), { recursive: true })
    const partial = `${full}.hearth-new`
    rmSync(partial, { force: true })
    symlinkSync(target, partial)
    renameSync(partial, full)
    this.note(`linked ${path} → ${target}`)
    return true
  }
}

const isLink = (path) => {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

const idOf = (database, name) => {
  const entry = execFileSync('getent', [database, name], { encoding: 'utf8' })
  return Number(entry.split(':')[2])
}
const uid = (name) => idOf('passwd', name)
const gid = (name) => idOf('group', name)

/** The source address of the default route: the public IP on a typical VPS, a private one behind NAT. */
function defaultRouteAddress() {
  try {
    const route = execFileSync('ip', ['-4', 'route', 'get', '1.1.1.1'], { encoding: 'utf8' })
    return /\bsrc (\d+\.\d+\.\d+\.\d+)/.exec(route)?.[1] ?? null
  } catch {
    return null
  }
}

const isPrivate = (ip) =>
  /^(10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/.test(ip)

/** The files of this checkout that make a release: what git tracks and does not ignore, or the tree less its output. */
function sourceFiles() {
  const skip =
    /^(\.git|node_modules|build|public\/build|public\/uploads|data|test-results|playwright-report|\.cache)(\/|$)|(^|\/)\.env$|\.log$/
  let files
  try {
    files = execFileSync('git', ['-C', source, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter(Boolean)
  } catch {
    files = readdirSync(source, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(source, join(entry.parentPath ?? entry.path, entry.name)))
  }
  return files
    .filter((file) => !skip.test(file) && existsSync(join(source, file)))
    .sort()
    .map((file) => ({ file, stat: statSync(join(source, file)) }))
    .filter(({ stat }) => stat.isFile())
}

/** A release is named by what it is built from: the same sources give the same name, so nothing is rebuilt. */
function releaseId(files) {
  const hash = createHash('sha256')
  for (const { file, stat } of files) {
    hash.update(`${file}\0${stat.mode & 0o111 ? 'x' : '-'}\0`)
    hash.update(readFileSync(join(source, file)))
    hash.update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

async function waitHealthy(url, seconds = 90) {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
      await response.body?.cancel()
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500))
  }
  throw new Error(`${url} did not answer 200 within ${seconds} s`)
}

async function main() {
  const args = options()
  const dryRun = args['dry-run']
  const root = dryRun ? resolve(args.root ?? mkdtempSync(join(tmpdir(), 'hearth-install-'))) : '/'
  const machine = new Machine({ dryRun, root })
  if (!dryRun && process.getuid?.() !== 0) fail('Run the installer as root (or try it first with --dry-run).')
  if (!dryRun && !existsSync('/etc/debian_version')) fail('This installer is for Debian 12.')
  if (!args.domain) fail(USAGE)
  // The units run /usr/bin/node (absolute, as systemd wants, and outside /root and /home, which they cannot see).
  // Debian 12's own nodejs is 18: the app needs 20.10 or newer (NodeSource's package installs it there).
  const nodeVersion = (machine.ask('/usr/bin/node', ['--version']) ?? process.version).trim()
  const [major, minor] = nodeVersion.replace(/^v/, '').split('.').map(Number)
  if (!dryRun && (!existsSync('/usr/bin/node') || major < 20 || (major === 20 && minor < 10)))
    fail(
      `/usr/bin/node must be Node.js 20.10 or newer (found ${existsSync('/usr/bin/node') ? nodeVersion : 'none'}): see docs/install.md#before-you-start.`,
    )

  // ── The plan ─────────────────────────────────────────────────────────────────────────────────────────────
  const detected = defaultRouteAddress()
  const publicIp = args['public-ip'] ?? detected
  if (!publicIp) fail('Could not find this host’s address: pass --public-ip.')
  const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'))
  let plan
  try {
    plan = planInstall({
      domain: args.domain,
      email: args.email,
      web: Number(args.web),
      edges: Number(args.edges),
      localCa: args['local-ca'],
      publicIp,
      localIp: args['local-ip'] ?? (args['public-ip'] ? undefined : (detected ?? undefined)),
      cores: availableParallelism(),
      mediasoupVersion: pkg.dependencies.mediasoup,
    })
  } catch (error) {
    fail(`${error.message}\n\n${USAGE}`)
  }
  console.log(`Installing Hearth for https://${plan.domain}${dryRun ? ` (dry run: files under ${root})` : ''}`)
  console.log(
    `  web processes on ports ${plan.webPorts.join(', ')}; media edges ${plan.edges.map((e) => `${e.host} (port ${e.port}, RTC ${e.rtcMin}-${e.rtcMax})`).join(', ')}`,
  )
  console.log(`  public address ${plan.publicIp}${plan.localIp ? ` (this host: ${plan.localIp}, behind NAT)` : ''}`)
  if (isPrivate(plan.publicIp) && !plan.localCa)
    console.log(`  ${plan.publicIp} is a private address: behind NAT, pass --public-ip with the public one.`)
  const changed = new Set()

  // ── Debian packages ──────────────────────────────────────────────────────────────────────────────────────
  machine.step('Debian packages')
  const packages = ['nginx', 'coturn', 'mariadb-server', 'redis-server', 'ffmpeg', 'openssl', 'git', 'iproute2']
  if (!plan.localCa) packages.push('certbot', 'python3-certbot-nginx')
  const missing = dryRun
    ? packages
    : packages.filter((name) => !/Status: install ok installed/.test(machine.ask('dpkg', ['-s', name]) ?? ''))
  if (missing.length) {
    machine.run('apt-get', ['update', '-qq'])
    machine.run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing])
  } else machine.note(`installed already: ${packages.join(' ')}`)

  // ── The service user and directories ────────────────────────────────────────────────────────────────────
  machine.step('The hearth user and its directories')
  if (dryRun || machine.ask('getent', ['passwd', 'hearth']) === null)
    machine.run('useradd', [
      '--system',
      '--user-group',
      '--home-dir',
      PATHS.state,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'hearth',
    ])
  else machine.note('user hearth exists')
  machine.mkdir(PATHS.config, 0o755)
  // coturn (its own user) reads the certificate; the hearth user reads nothing here but ca.pem.
  machine.mkdir(PATHS.tls, 0o750, 'root', 'turnserver')
  machine.mkdir(PATHS.state, 0o750, 'hearth')
  for (const path of [PATHS.media, PATHS.uploads, PATHS.recordings]) machine.mkdir(path, 0o750, 'hearth')
  for (const edge of plan.edges) machine.mkdir(`${PATHS.recordings}/edge-${edge.index}`, 0o750, 'hearth')
  machine.mkdir(PATHS.workerCache, 0o755)
  machine.mkdir(PATHS.acme, 0o755)
  machine.mkdir(PATHS.releases, 0o755)

  // ── Configuration files ─────────────────────────────────────────────────────────────────────────────────
  machine.step('Configuration')
  const rendered = renderInstall(plan, { previousEnv: machine.read(PATHS.env) })
  for (const file of rendered.files) {
    if (!machine.write(file)) continue
    if (file.path === PATHS.env) changed.add('env')
    else if (file.path.startsWith(`${PATHS.config}/edge-`)) changed.add(`edge-${/edge-(\d+)/.exec(file.path)[1]}`)
    else if (file.path.startsWith(PATHS.units)) changed.add('units')
    else if (file.path === PATHS.nginxSite) changed.add('nginx')
    else if (file.path === PATHS.turnConfig) changed.add('turn')
  }
  if (machine.link('../sites-available/hearth.conf', PATHS.nginxEnabled)) changed.add('nginx')
  // Debian's own site claims default_server on port 80 too; ours answers unknown names instead (with nothing).
  const debianDefault = machine.path('/etc/nginx/sites-enabled/default')
  if (isLink(debianDefault)) {
    unlinkSync(debianDefault)
    machine.note('removed the link /etc/nginx/sites-enabled/default (Debian’s welcome page)')
    changed.add('nginx')
  }
  const env = parseEnvFile(rendered.files[0].content)

  // ── MariaDB and Redis ───────────────────────────────────────────────────────────────────────────────────
  machine.step('MariaDB and Redis')
  machine.systemctl('enable', '--now', 'mariadb', 'redis-server')
  const password = rendered.secrets.DATABASE_PASSWORD
  const sql = (secret) =>
    [
      'CREATE DATABASE IF NOT EXISTS hearth CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;',
      // Both names a local connection can arrive as (the socket, and TCP from 127.0.0.1, which DATABASE_URL uses).
      ...['localhost', '127.0.0.1'].flatMap((host) => [
        `CREATE USER IF NOT EXISTS 'hearth'@'${host}' IDENTIFIED BY '${secret}';`,
        `ALTER USER 'hearth'@'${host}' IDENTIFIED BY '${secret}';`,
        `GRANT ALL PRIVILEGES ON hearth.* TO 'hearth'@'${host}';`,
      ]),
    ].join('\n')
  // The statements go in on standard input, so the password shows in no process list; the screen shows it masked.
  machine.run('mariadb', [], {
    input: sql(password),
    display: `mariadb <<SQL\n${sql('********').replace(/^/gm, '      ')}\n      SQL`,
  })

  // ── The app: a release per source tree ───────────────────────────────────────────────────────────────────
  machine.step('The app')
  const files = sourceFiles()
  const id = releaseId(files)
  const release = `${PATHS.releases}/${id}`
  const built = `${release}/.hearth-release-built`
  const linked = (path) => (isLink(machine.path(path)) ? readlinkSync(machine.path(path)) : null)
  const currentTarget = linked(PATHS.current)
  const previousTarget = linked(PATHS.previous)
  // The installer builds as root; the services read it. MEDIASOUP_WORKER_BIN: ensure-deps builds the worker there once.
  const buildEnv = { MEDIASOUP_WORKER_BIN: plan.mediasoupWorkerBin }
  if (existsSync(machine.path(built))) {
    machine.note(`release ${id} is built already (${release})`)
  } else if (dryRun) {
    machine.note(`would copy ${files.length} files of ${source} to ${release}`)
    machine.note(`would link ${release}/public/uploads → ${PATHS.uploads} (profile pictures and banners)`)
    machine.run('node', ['scripts/ensure-deps.mjs'], { cwd: release, env: buildEnv })
    machine.run('npm', ['run', 'build'], { cwd: release })
  } else {
    rmSync(release, { recursive: true, force: true })
    machine.note(`copying ${files.length} files of ${source} to ${release}`)
    for (const { file, stat } of files) {
      const copy = join(release, file)
      mkdirSync(dirname(copy), { recursive: true })
      cpSync(join(source, file), copy)
      // Times kept: ensure-deps compares package-lock.json's with node_modules' to decide whether to install.
      utimesSync(copy, stat.atime, stat.mtime)
    }
    // The current release's node_modules, or on a first install the checkout's own, saves a full install (and
    // sqlite3's two-minute compile); ensure-deps then installs only what the lockfile changed.
    const modules = [
      currentTarget && join(PATHS.app, currentTarget, 'node_modules'),
      join(source, 'node_modules'),
    ].find((path) => path && existsSync(join(path, '.package-lock.json')))
    if (modules) {
      machine.note(`starting from ${modules}`)
      cpSync(modules, join(release, 'node_modules'), {
        recursive: true,
        verbatimSymlinks: true,
        preserveTimestamps: true,
      })
    }
    // The mediasoup worker takes seven minutes to build: one the checkout's user built already is copied instead.
    const builtWorker = workerPath()
    if (!existsSync(plan.mediasoupWorkerBin) && builtWorker !== plan.mediasoupWorkerBin && existsSync(builtWorker))
      machine.run('install', ['-m', '755', builtWorker, plan.mediasoupWorkerBin])
    // Profile pictures and banners are written under public/uploads (app/lib/identity/avatars.server.ts): into the
    // state directory, so that every release (and the read-only /opt under ProtectSystem) shares them.
    mkdirSync(join(release, 'public'), { recursive: true })
    rmSync(join(release, 'public/uploads'), { recursive: true, force: true })
    symlinkSync(PATHS.uploads, join(release, 'public/uploads'))
    machine.run('node', ['scripts/ensure-deps.mjs'], { cwd: release, env: buildEnv })
    machine.run('npm', ['run', 'build'], { cwd: release })
    writeFileSync(built, `${new Date().toISOString()}\n`)
  }
  // Every run: a no-op when the schema is current. Before the switch, so new code never meets an old schema
  // (migrations keep the old code working while its processes finish).
  machine.run('npm', ['run', 'migrate'], { cwd: release, env: { ...env, ...buildEnv } })
  const target = `releases/${id}`
  if (currentTarget !== target) {
    if (currentTarget) machine.link(currentTarget, PATHS.previous)
    if (dryRun) machine.note(`would link ${PATHS.current} → ${target}`)
    else machine.link(target, PATHS.current)
    changed.add('release')
  } else machine.note(`${PATHS.current} is release ${id} already`)
  if (!dryRun) {
    // The current and the previous release stay (the previous one's assets serve pages built before the switch).
    const kept = currentTarget === target ? [target, previousTarget] : [target, currentTarget]
    const keep = new Set(kept.filter(Boolean).map((path) => path.split('/').pop()))
    for (const old of readdirSync(PATHS.releases).filter((name) => !keep.has(name))) {
      rmSync(join(PATHS.releases, old), { recursive: true, force: true })
      machine.note(`removed old release ${old}`)
    }
  }

  // ── TLS ─────────────────────────────────────────────────────────────────────────────────────────────────
  machine.step(plan.localCa ? 'TLS: a local certificate authority' : 'TLS: Let’s Encrypt')
  const fullchain = `${PATHS.tls}/fullchain.pem`
  const privkey = `${PATHS.tls}/privkey.pem`
  const certificateBefore = machine.read(fullchain)
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  const sans = plan.hosts.map((host) => `DNS:${host}`).join(',')
  const installKeyPair = (directory) => {
    for (const [from, to] of [
      [`${directory}/cert.pem`, fullchain],
      [`${directory}/key.pem`, privkey],
    ])
      machine.run('install', ['-m', '640', '-o', 'root', '-g', 'turnserver', from, to])
  }
  if (plan.localCa) {
    const caKey = `${PATHS.ca}/ca.key`
    const caCert = `${PATHS.ca}/ca.crt`
    machine.mkdir(PATHS.ca, 0o700)
    if (!existsSync(machine.path(caKey))) {
      machine.run('openssl', [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        caKey,
        '-out',
        caCert,
        '-days',
        '3650',
        '-subj',
        `/CN=Hearth local CA for ${plan.domain}`,
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
      ])
    } else machine.note(`CA exists: ${caCert}`)
    // A new server certificate when there is none, it lacks a name (an edge added), it was signed by another CA or
    // it expires within 30 days. 397 days: the longest a browser accepts.
    const current = machine.read(fullchain)
    const ca = machine.read(caCert)
    const fresh = (() => {
      if (!current || !ca) return false
      const certificate = new X509Certificate(current)
      const names = (certificate.subjectAltName ?? '').split(', ').map((name) => name.replace(/^DNS:/, ''))
      return (
        plan.hosts.every((host) => names.includes(host)) &&
        certificate.checkIssued(new X509Certificate(ca)) &&
        new Date(certificate.validTo).getTime() > Date.now() + 30 * 86_400_000
      )
    })()
    if (fresh) machine.note(`the certificate for ${plan.hosts.join(', ')} is current`)
    else {
      const work = dryRun ? '/tmp/hearth-tls' : mkdtempSync(join(tmpdir(), 'hearth-tls-'))
      // The names and uses go into the request, and the CA copies them over (-copy_extensions): no file to write.
      machine.run('openssl', [
        ...[
          'req',
          '-new',
          ...ec,
          '-keyout',
          `${work}/key.pem`,
          '-out',
          `${work}/req.csr`,
          '-subj',
          `/CN=${plan.domain}`,
        ],
        ...['-addext', `subjectAltName=${sans}`, '-addext', 'basicConstraints=CA:FALSE'],
        ...['-addext', 'keyUsage=critical,digitalSignature', '-addext', 'extendedKeyUsage=serverAuth'],
      ])
      machine.run('openssl', [
        ...['x509', '-req', '-in', `${work}/req.csr`, '-CA', caCert, '-CAkey', caKey, '-copy_extensions', 'copyall'],
        ...['-set_serial', `0x${randomSecret().slice(0, 30)}`, '-days', '397', '-out', `${work}/cert.pem`],
      ])
      installKeyPair(work)
      if (!dryRun) rmSync(work, { recursive: true, force: true })
    }
    machine.run('install', ['-m', '644', caCert, PATHS.caCert])
  } else {
    if (!machine.read(fullchain)) {
      // nginx needs a certificate before it can start, and certbot needs nginx to answer its challenge: a
      // self-signed stand-in for the first minutes (or until DNS is right and the installer runs again).
      const work = dryRun ? '/tmp/hearth-tls' : mkdtempSync(join(tmpdir(), 'hearth-tls-'))
      machine.run('openssl', [
        'req',
        '-x509',
        ...ec,
        '-keyout',
        `${work}/key.pem`,
        '-out',
        `${work}/cert.pem`,
        '-days',
        '30',
        '-subj',
        `/CN=${plan.domain}`,
        '-addext',
        `subjectAltName=${sans}`,
      ])
      installKeyPair(work)
      if (!dryRun) rmSync(work, { recursive: true, force: true })
    }
    if (machine.systemd || dryRun) {
      machine.run('nginx', ['-t', '-q'])
      machine.systemctl('enable', 'nginx')
      machine.systemctl('reload-or-restart', 'nginx')
      // --keep-until-expiring: nothing happens while the certificate is good for 30 more days and names the same
      // hosts; with --cert-name, a changed list of hosts (an edge added) gets a new certificate.
      try {
        machine.run('certbot', [
          'certonly',
          '--webroot',
          '-w',
          PATHS.acme,
          '--cert-name',
          'hearth',
          ...plan.hosts.flatMap((host) => ['-d', host]),
          '--email',
          plan.email,
          '--agree-tos',
          '--non-interactive',
          '--keep-until-expiring',
        ])
      } catch {
        fail(
          `certbot could not get a certificate for ${plan.hosts.join(', ')}. Each name needs a DNS record for ` +
            `${plan.publicIp} and port 80 open (docs/install.md#dns-and-firewall); then run the installer again.`,
        )
      }
      // Also when certbot had nothing to renew: the copies follow the certificate certbot holds.
      machine.run(PATHS.certbotHook, [], {
        env: { RENEWED_LINEAGE: PATHS.letsencryptLineage },
        display: `RENEWED_LINEAGE=${PATHS.letsencryptLineage} ${PATHS.certbotHook}`,
      })
    } else {
      machine.note('skipped certbot (systemd is not PID 1 here, so nginx is not serving its challenge): nginx and')
      machine.note('coturn use a self-signed certificate until you run the installer again on a systemd host.')
    }
  }
  if (machine.read(fullchain) !== certificateBefore) changed.add('tls')

  // ── Services ────────────────────────────────────────────────────────────────────────────────────────────
  machine.step('nginx')
  machine.run('nginx', ['-t', '-q'])

  machine.step('Services')
  if (!machine.systemd && !dryRun) {
    machine.note('systemd is not PID 1 here: the units are written but not enabled or started. On the server:')
    machine.note(
      `  systemctl daemon-reload && systemctl enable --now ${plan.webPorts.map((p) => `hearth-web@${p}`).join(' ')} ${plan.edges.map((e) => `hearth-edge@${e.index}`).join(' ')} coturn nginx`,
    )
  } else {
    machine.systemctl('daemon-reload')
    const webUnits = plan.webPorts.map((port) => ({
      unit: `hearth-web@${port}`,
      health: `http://127.0.0.1:${port}/healthz`,
      edge: null,
    }))
    const edgeUnits = plan.edges.map((edge) => ({
      unit: `hearth-edge@${edge.index}`,
      health: `http://127.0.0.1:${edge.port}/healthz`,
      edge: edge.index,
    }))
    const wanted = [...webUnits, ...edgeUnits]
    machine.systemctl('enable', ...wanted.map(({ unit }) => unit))
    const shared = ['env', 'units', 'release'].some((what) => changed.has(what))
    // One at a time, each healthy before the next: nginx sends requests to the others meanwhile, and an edge's
    // meetings move to the other edges as it drains.
    for (const { unit, health, edge } of wanted) {
      if (shared || (edge && changed.has(`edge-${edge}`))) {
        machine.systemctl('restart', unit)
        if (!dryRun) {
          try {
            await waitHealthy(health)
          } catch (error) {
            fail(`${unit} is not healthy: ${error.message}. See journalctl -u ${unit}. The other processes still run.`)
          }
        }
      } else machine.systemctl('start', unit)
    }
    machine.systemctl('enable', 'nginx', 'coturn')
    if (changed.has('nginx') || changed.has('tls')) machine.systemctl('reload-or-restart', 'nginx')
    else machine.systemctl('start', 'nginx')
    if (changed.has('turn') || changed.has('tls')) machine.systemctl('restart', 'coturn')
    else machine.systemctl('start', 'coturn')
    // Instances from an earlier install with more of them: out of nginx's upstream now, so they can go.
    const wants = machine.path(`${PATHS.units}/multi-user.target.wants`)
    const stale = existsSync(wants)
      ? readdirSync(wants)
          .map((name) => /^(hearth-(?:web|edge)@[^.]+)\.service$/.exec(name)?.[1])
          .filter((unit) => unit && !wanted.some((entry) => entry.unit === unit))
      : []
    for (const unit of stale) {
      machine.systemctl('disable', '--now', unit)
      const edge = /^hearth-edge@(\d+)$/.exec(unit)?.[1]
      if (edge) rmSync(machine.path(`${PATHS.config}/edge-${edge}.env`), { force: true })
    }
  }

  // ── What is left to do ──────────────────────────────────────────────────────────────────────────────────
  machine.step('Done')
  console.log(`    https://${plan.domain}/register creates a community; it mails a code, so set up mail first (below).`)
  console.log(`    DNS: ${plan.hosts.map((host) => `${host} → ${plan.publicIp}`).join(', ')}`)
  console.log(
    `    Firewall: TCP 80, 443, 3478, 5349; UDP 3478, 5349, ${TURN_RELAY_PORTS.min}-${TURN_RELAY_PORTS.max} (TURN relays);`,
  )
  console.log(
    `    UDP and TCP ${plan.edges.map((edge) => `${edge.rtcMin}-${edge.rtcMax}`).join(', ')} (the edges' media).`,
  )
  console.log(`    Mail and SMS: add SMTP_URL (and SMS_*) below the "Yours" line of ${PATHS.env}, then run the`)
  console.log('    installer again (or restart the units). Logs: journalctl -u hearth-web@3000 -u hearth-edge@1')
  if (plan.localCa)
    console.log(
      `    Local CA: ${PATHS.caCert}. Import it as a trusted authority in each browser (docs/install.md#a-local-ca-instead-of-lets-encrypt).`,
    )
}

try {
  await main()
} catch (error) {
  // A command that failed has printed its own output above; say which step stopped and that it is safe to rerun.
  fail(`The install stopped: ${error.message}\nFix the cause and run the installer again; it goes on from where it is.`)
}
