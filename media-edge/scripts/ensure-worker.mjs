// Makes sure the mediasoup worker binary for the pinned mediasoup version exists, building it once
// (about seven minutes on two cores) into a cache outside the repository. Prints the binary's path.
// Uses only Node's built-ins: it runs before node_modules exists, so npm can install mediasoup
// with MEDIASOUP_WORKER_BIN set and skip its own (unreachable) download.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

/** The mediasoup version package.json pins (an exact version, so the cache key is exact). */
export function mediasoupVersion() {
  const pkg = JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8'))
  return pkg.dependencies.mediasoup
}

/** Where the worker for this version lives: MEDIASOUP_WORKER_BIN when set, else the cache. */
export function workerPath(version = mediasoupVersion()) {
  if (process.env.MEDIASOUP_WORKER_BIN) return process.env.MEDIASOUP_WORKER_BIN
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(cache, 'hearth', `mediasoup-worker-${version}`)
}

export function ensureWorker() {
  const version = mediasoupVersion()
  const path = workerPath(version)
  if (!existsSync(path)) {
    console.log(`Building mediasoup-worker ${version} (once, about seven minutes)…`)
    execFileSync(join(here, 'build-worker.sh'), [version, path], { stdio: 'inherit' })
  }
  return path
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureWorker())
