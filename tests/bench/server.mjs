// The system under test: the production build, a fresh seeded SQLite database and `node server.js`
// as a child process. Everything here is loopback only and every wait is bounded.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const HEALTH_TIMEOUT_MS = 30_000
const HEALTH_POLL_MS = 200
const STOP_TIMEOUT_MS = 5_000
const OUTPUT_LINES_KEPT = 40

/** Builds only when an output is missing: a full build takes longer than the whole benchmark. */
export function ensureBuild(root) {
  const missing = ['public/build', 'build/index.js'].filter((path) => !existsSync(join(root, path)))
  if (missing.length === 0) return { built: false, stale: buildIsOlderThanSources(root) }
  console.log(`Building (missing: ${missing.join(', ')})...`)
  const result = spawnSync(process.execPath, ['node_modules/.bin/remix', 'build'], {
    cwd: root,
    stdio: 'inherit',
    timeout: 180_000,
  })
  if (result.status !== 0) throw new Error(`remix build failed (exit ${result.status ?? result.signal})`)
  return { built: true, stale: false }
}

/** A build older than app/ measures yesterday's code: worth a warning, not a rebuild. */
function buildIsOlderThanSources(root) {
  const builtAt = statSync(join(root, 'build/index.js')).mtimeMs
  return newestMtime(join(root, 'app'), 6) > builtAt
}

function newestMtime(dir, depthLeft) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = depthLeft > 0 ? Math.max(newest, newestMtime(path, depthLeft - 1)) : newest
    else newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

/** The server's environment. Secrets are throwaway: nothing outlives the run. */
export function serverEnv(databaseUrl, port) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    BENCH: '1',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    EDGE_SECRET: 'bench-edge-secret-0123456789abcdef0123456789abc',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
  }
  // A developer's Redis must not take part in (or be disturbed by) the benchmark.
  delete env.REDIS_URL
  return env
}

/** A fresh database in its own tmp directory, so remove() also takes SQLite's -wal and -shm files. */
export function createTempDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-'))
  return {
    url: `sqlite:${join(dir, 'bench.sqlite')}`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

export function seedDatabase(root, env) {
  const result = spawnSync(process.execPath, ['node_modules/.bin/tsx', 'scripts/seed.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
  if (result.status !== 0) {
    throw new Error(`seeding failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`)
  }
}

/** Something else answering on the port would be benchmarked instead of this build. */
export async function assertPortFree(baseUrl) {
  const answered = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
    () => true,
    () => false,
  )
  if (answered) throw new Error(`${baseUrl} already answers: stop whatever listens there first`)
}

/**
 * Starts `node server.js` (with `nodeArgs` before it, such as --cpu-prof) and resolves once /healthz answers 200. The server's output is kept (the
 * last lines) so a failed start can say why.
 */
export async function startServer(root, env, baseUrl, { nodeArgs = [] } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = []
  const keep = (chunk) => {
    output.push(...chunk.toString().split('\n').filter(Boolean))
    output.splice(0, Math.max(0, output.length - OUTPUT_LINES_KEPT))
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  let exited = null
  child.once('exit', (code, signal) => (exited = { code, signal }))

  const server = { child, output, stop: () => stopServer(child) }
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited) break
    if (await isHealthy(baseUrl)) return server
    await sleep(HEALTH_POLL_MS)
  }
  await server.stop()
  const why = exited ? `exited (${exited.code ?? exited.signal})` : `not healthy after ${HEALTH_TIMEOUT_MS} ms`
  throw new Error(`server ${why}. Last output:\n${output.join('\n')}`)
}

async function isHealthy(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/** SIGTERM lets server.js close cleanly; SIGKILL if it has not gone within a few seconds. */
export function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
