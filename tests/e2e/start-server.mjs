// The e2e suite's web server: the production build on a fresh, seeded SQLite database, removed
// again when Playwright stops the server, sending its mail to the run's loopback SMTP server.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const port = process.argv[2] ?? '3100'
const database = process.env.E2E_DATABASE ?? join(tmpdir(), `hearth-e2e-${process.pid}.sqlite`)

/** The provider settings an operator would write, for the mock at `issuer`. */
function loopbackProvider(issuer) {
  return {
    OAUTH_PROVIDERS: 'loopback',
    OAUTH_LOOPBACK_LABEL: 'Loopback',
    OAUTH_LOOPBACK_CLIENT_ID: 'hearth-e2e',
    OAUTH_LOOPBACK_CLIENT_SECRET: 'hearth-e2e-secret',
    OAUTH_LOOPBACK_AUTHORIZE_URL: `${issuer}/authorize`,
    OAUTH_LOOPBACK_TOKEN_URL: `${issuer}/token`,
    OAUTH_LOOPBACK_USERINFO_URL: `${issuer}/userinfo`,
  }
}
const env = {
  ...process.env,
  // Development mode at run time keeps the developer console (/dev), which the suite visits.
  NODE_ENV: 'development',
  PORT: port,
  DATABASE_URL: `sqlite:${database}`,
  ...(process.env.E2E_MEDIA_DIR ? { MEDIA_DIR: process.env.E2E_MEDIA_DIR } : {}),
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // An explicit secret, shared with the test workers (playwright.config.ts sets it): the sign-in
  // fixture signs session cookies with it. Started by hand, nobody else needs it.
  SESSION_SECRET: process.env.E2E_SESSION_SECRET ?? randomBytes(32).toString('hex'),
  // Mail goes to the run's SMTP server on loopback (tests/e2e/global-setup.ts), where the tests
  // read it; without E2E_SMTP_PORT (the server started by hand) it stays in the dev outbox.
  SMTP_URL: process.env.E2E_SMTP_PORT ? `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` : '',
  // Every test signs in from the same address: the suite as a whole asks for more than the 20
  // codes an hour one address gets by default.
  CODES_PER_ADDRESS_PER_HOUR: '200',
  // The same for checking codes: the suite checks more than the 30 in 15 minutes one address gets.
  CODE_CHECKS_PER_ADDRESS_PER_15_MIN: '200',
  // And the demo accounts, in both projects, get more codes in a run than one account's daily 20.
  CODES_PER_ACCOUNT_PER_DAY: '200',
  // Live streams too: both projects' pages, in parallel, all come from one address, and many tests
  // sign in as the same demo people (the caps themselves: tests/integration/app/lib/http/live-stream-caps.test.ts).
  LIVE_STREAMS_PER_ADDRESS: '1000',
  LIVE_STREAMS_PER_USER: '200',
  // Captions' speech service: the run's stand-in (global-setup.ts, tests/support/speech-server.ts).
  ...(process.env.E2E_SPEECH_PORT
    ? { SPEECH_API_URL: `ws://127.0.0.1:${process.env.E2E_SPEECH_PORT}/v1/listen`, SPEECH_API_KEY: 'test-speech-key' }
    : {}),
  // The live stream's viewer count: the run's stand-in for Twitch's Helix API (global-setup.ts,
  // tests/support/helix-server.ts, whose E2E_HELIX credentials these are).
  ...(process.env.E2E_HELIX_PORT
    ? {
        LIVE_VIEWERS_API_URL: `http://127.0.0.1:${process.env.E2E_HELIX_PORT}`,
        LIVE_VIEWERS_CLIENT_ID: 'hearth-e2e-client',
        LIVE_VIEWERS_TOKEN: 'hearth-e2e-token',
      }
    : {}),
  // Social sign-in against the run's loopback OAuth2/OIDC provider (global-setup.ts); without
  // E2E_OAUTH_PORT (the server started by hand) the sign-in page offers no provider.
  ...(process.env.E2E_OAUTH_PORT
    ? loopbackProvider(`http://127.0.0.1:${process.env.E2E_OAUTH_PORT}`)
    : { OAUTH_PROVIDERS: '' }),
}
delete env.REDIS_URL
// The run's media edge: its port follows E2E_PORT (playwright.config.ts), so runs can share a machine.
const edgePort = process.env.E2E_EDGE_PORT ?? String(4301 + Number(port) - 3100)
Object.assign(env, {
  ...(process.env.E2E_METRICS_PORT ? { METRICS_PORT: process.env.E2E_METRICS_PORT } : {}),
  EDGE_PORT: edgePort,
  EDGE_PUBLIC_URL: `http://localhost:${edgePort}`,
  PUBLIC_URL: `http://localhost:${port}`,
})

// The run's TURN server: Debian's coturn (scripts/ensure-deps.mjs installs it) with shared-secret credentials, as
// deploy/coturn/turnserver.conf sets it up, but on loopback: the edge hands every meeting page its address, and
// meeting-relay.js.spec.ts proves meetings work with all media relayed through it.
const turn = startTurn(Number(process.env.E2E_TURN_PORT ?? 3578), Number(process.env.E2E_TURN_RELAY_PORT ?? 50000))
Object.assign(env, { TURN_URLS: turn.url, TURN_SECRET: turn.secret })

const seed = spawnSync('node', ['node_modules/.bin/tsx', 'scripts/seed.ts'], { env, stdio: 'inherit' })
if (seed.status !== 0) process.exit(seed.status ?? 1)

// The edge first (one worker is plenty for a few pages): the web server answering /healthz then
// means both are up. The live-stream tests' RTMP server is on loopback, which the edge streams to only when listed.
let stopping = false
const edge = spawn('node', ['--import', 'tsx', 'media-edge/main.ts'], {
  env: {
    ...env,
    MEDIA_WORKERS: '1',
    LIVE_ALLOWED_HOSTS: '127.0.0.1',
    ...(process.env.E2E_METRICS_PORT ? { METRICS_PORT: String(Number(process.env.E2E_METRICS_PORT) + 1) } : {}),
  },
  stdio: 'inherit',
})
edge.on('exit', (code) => {
  if (!stopping) console.error(`The e2e media edge stopped (${code}).`)
})
await waitForEdge(`http://127.0.0.1:${edgePort}/socket.io/?EIO=4&transport=polling`)

const server = spawn('node', ['server.js'], { env, stdio: 'inherit' })
const stopAll = () => {
  stopping = true
  edge.kill('SIGTERM')
  server.kill('SIGTERM')
  turn.stop()
}
const removeDatabase = () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true })
  // The run's media store goes with its database: its files belong to rows that are gone.
  if (process.env.E2E_MEDIA_DIR) rmSync(process.env.E2E_MEDIA_DIR, { recursive: true, force: true })
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stopAll)
// If this process dies without a signal (Playwright killed hard), take the servers down with it.
process.on('exit', stopAll)
server.on('exit', (code) => {
  stopping = true
  edge.kill('SIGTERM')
  removeDatabase()
  process.exit(code ?? 0)
})

/** coturn on loopback: relays to loopback (where the edge listens) allowed, nothing else of the production file needed. */
function startTurn(turnPort, relayFirst) {
  const directory = mkdtempSync(join(tmpdir(), 'hearth-e2e-turn-'))
  const secret = randomBytes(32).toString('hex')
  const config = [
    `listening-port=${turnPort}`,
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    `min-port=${relayFirst}`,
    `max-port=${relayFirst + 199}`,
    'use-auth-secret',
    `static-auth-secret=${secret}`,
    'realm=hearth.e2e',
    'allow-loopback-peers',
    'no-tls',
    'no-dtls',
    'no-cli',
    'fingerprint',
    'log-file=stdout',
    `pidfile=${directory}/turn.pid`,
    `userdb=${directory}/turndb`,
  ]
  writeFileSync(join(directory, 'turnserver.conf'), `${config.join('\n')}\n`)
  const coturn = spawn('/usr/bin/turnserver', ['-c', join(directory, 'turnserver.conf')], { stdio: 'ignore' })
  coturn.on('error', (error) => console.error(`The e2e TURN server did not start: ${error.message}`))
  return {
    url: `turn:127.0.0.1:${turnPort}?transport=udp`,
    secret,
    stop() {
      coturn.kill('SIGTERM')
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

async function waitForEdge(url) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The e2e media edge did not answer at ${url}`)
}
