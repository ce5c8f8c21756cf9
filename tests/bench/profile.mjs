// Where a page's server time goes: the production server under `node --cpu-prof`, loaded with
// autocannon (the bench's headers), then the profile summed by package and by function. Proportions
// hold on a busy machine where timings do not.
//
//   node tests/bench/profile.mjs [path ...]    default: /demo and /_bench, one after the other
//
// Env: PROFILE_SECONDS (default 10), PROFILE_CONNECTIONS (default 1), PROFILE_TOP (default 25).
// The raw .cpuprofile files stay in the printed directory (open them in Chrome's DevTools).
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { ms, table } from './report.mjs'
import { assertPortFree, createTempDatabase, ensureBuild, seedDatabase, serverEnv, startServer } from './server.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const PORT = 3210
const BASE_URL = `http://127.0.0.1:${PORT}`
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 1)
const TOP = Number(process.env.PROFILE_TOP ?? 25)
const HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
}

/** node_modules/<package> (scoped too), the app's build, node's own code, or the file. */
function ownerOf(url) {
  if (!url) return '(native)'
  const module = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (module) return module[1]
  if (url.includes('/build/index.js')) return 'app (build/index.js)'
  if (url.startsWith('node:')) return url
  return url.replace(`file://${ROOT}/`, '')
}

function functionName({ functionName, url, lineNumber }) {
  return `${functionName || '(anonymous)'} ${ownerOf(url)}:${lineNumber + 1}`
}

/**
 * Self time by owner and by function, and inclusive time by function (recursion counted once), over
 * the samples taken `skipMs` or more after the profile started (start-up and warm-up left out).
 */
export function summariseProfile(profile, skipMs = 0) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map()
  let elapsedMs = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const deltaMs = (profile.timeDeltas[i] ?? 0) / 1000
    elapsedMs += deltaMs
    if (elapsedMs < skipMs) continue
    const id = profile.samples[i]
    selfMs.set(id, (selfMs.get(id) ?? 0) + deltaMs)
  }
  const total = [...selfMs.values()].reduce((sum, value) => sum + value, 0)
  const owners = new Map()
  const selfByFunction = new Map()
  const inclusive = new Map()
  const walk = (node, onStack) => {
    const key = functionName(node.callFrame)
    const self = selfMs.get(node.id) ?? 0
    const owner =
      ownerOf(node.callFrame.url) === '(native)' && node.callFrame.functionName.startsWith('(')
        ? node.callFrame.functionName
        : ownerOf(node.callFrame.url)
    owners.set(owner, (owners.get(owner) ?? 0) + self)
    selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + self)
    let subtree = self
    const first = !onStack.has(key)
    if (first) onStack.add(key)
    for (const child of node.children ?? []) subtree += walk(byId.get(child), onStack)
    if (first) {
      onStack.delete(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + subtree)
    }
    return subtree
  }
  walk(profile.nodes[0], new Set())
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1])
  return { total, owners: sorted(owners), self: sorted(selfByFunction), inclusive: sorted(inclusive) }
}

function printSummary(label, requests, summary) {
  const share = (value) => `${((value / summary.total) * 100).toFixed(1)}%`
  const perRequest = (value) => ms(value / requests)
  console.log(
    `\n== ${label}: ${requests} requests, ${ms(summary.total)} ms of samples (${perRequest(summary.total)} ms per request) ==`,
  )
  const idle = summary.owners.find(([owner]) => owner === '(idle)')?.[1] ?? 0
  console.log(`busy: ${ms((summary.total - idle) / requests)} ms per request`)
  console.log('\nSelf time by package / file:')
  console.log(
    table(
      ['owner', 'share', 'ms/request'],
      summary.owners.slice(0, TOP).map(([owner, value]) => [owner, share(value), perRequest(value)]),
    ),
  )
  console.log('\nInclusive time by function:')
  console.log(
    table(
      ['function', 'share', 'ms/request'],
      summary.inclusive.slice(0, TOP * 2).map(([name, value]) => [name, share(value), perRequest(value)]),
    ),
  )
  console.log('\nSelf time by function:')
  console.log(
    table(
      ['function', 'share', 'ms/request'],
      summary.self.slice(0, TOP).map(([name, value]) => [name, share(value), perRequest(value)]),
    ),
  )
}

async function profilePath(path, env) {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-profile-'))
  const spawnedAt = performance.now()
  const server = await startServer(ROOT, env, BASE_URL, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] })
  try {
    // Start-up and a warm-up (JIT, caches) first; only the measured run's samples are summed.
    await autocannon({ url: `${BASE_URL}${path}`, headers: HEADERS, connections: CONNECTIONS, duration: 3 })
    const skipMs = performance.now() - spawnedAt
    const result = await autocannon({
      url: `${BASE_URL}${path}`,
      headers: HEADERS,
      connections: CONNECTIONS,
      duration: SECONDS,
    })
    await server.stop()
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
    if (!file) throw new Error(`no profile written in ${dir}`)
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    console.log(`${path}: ${result.requests.average} req/s, ${result.non2xx} non-2xx; profile ${join(dir, file)}`)
    return { requests: result.requests.total, profile, skipMs }
  } finally {
    await server.stop()
  }
}

async function main() {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/demo', '/_bench']
  ensureBuild(ROOT)
  await assertPortFree(BASE_URL)
  const database = createTempDatabase()
  try {
    const env = serverEnv(database.url, PORT)
    seedDatabase(ROOT, env)
    for (const path of paths) {
      const { requests, profile, skipMs } = await profilePath(path, env)
      printSummary(path, requests, summariseProfile(profile, skipMs))
    }
  } finally {
    database.remove()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.stack ?? error)
    process.exitCode = 1
  })
}
