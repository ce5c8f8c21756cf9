// The rehearsal's setup (Playwright's globalSetup): Hearth installed on this machine by its own installer, into an
// empty database, with its media in an S3 bucket (s3rver, running for the rehearsal) set the way an operator sets
// it, below the Yours line of /etc/hearth/hearth.env, and the installer run a second time, which must change
// nothing it wrote. Then a browser profile that trusts the install's local CA, as docs/install.md tells people to.
// What it returns undoes the names in /etc/hosts and stops the bucket.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Redis } from 'ioredis'
import { PATHS, YOURS_MARKER } from '../../deploy/render.mjs'
import { startS3Server } from '../support/s3-server'
import { BROWSER_HOME, installedEnv, pointNamesHere, runInstaller } from './machine'

function timed<T>(work: () => T): [T, string] {
  const started = performance.now()
  const result = work()
  return [result, `${((performance.now() - started) / 1000).toFixed(1)} s`]
}

/** The operator's own settings below the Yours line: the bucket's, in place of any earlier run's. */
function setBucket(settings: Record<string, string>) {
  const text = readFileSync(PATHS.env, 'utf8')
  const at = text.indexOf(`${YOURS_MARKER}\n`)
  if (at < 0) throw new Error(`${PATHS.env} has no Yours line`)
  const head = text.slice(0, at + YOURS_MARKER.length + 1)
  const yours = text
    .slice(head.length)
    .split('\n')
    .filter((line) => line && !/^S3_\w+=/.test(line))
  const lines = [...yours, ...Object.entries(settings).map(([key, value]) => `${key}=${value}`)]
  writeFileSync(PATHS.env, `${head}${lines.join('\n')}\n`)
}

export default async function install() {
  const undoNames = pointNamesHere()
  // An empty install each time: the installer makes the database again and migrates it.
  execFileSync('mariadb', ['-e', 'DROP DATABASE IF EXISTS hearth'])
  const s3 = await startS3Server('hearth-media')

  const [, first] = timed(runInstaller)
  setBucket({
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })
  const [again, second] = timed(runInstaller)
  const rewritten = again.split('\n').filter((line) => /^\s+(wrote|linked|created) /.test(line))
  if (rewritten.length)
    throw new Error(`The installer's second run changed what its first wrote:\n${rewritten.join('\n')}`)
  console.log(`REHEARSAL install: first run ${first}, second run ${second} (changed nothing)`)
  // The spec's own requests (fetch, node:https) trust the local CA, as the web app's do (hearth.env): Node reads
  // this when a process starts, and the test worker starts after this setup, from this process's environment.
  process.env.NODE_EXTRA_CA_CERTS = PATHS.caCert

  // Last rehearsal's edges (their keys expire in seconds) and rate-limit windows are not this one's.
  const redis = new Redis(installedEnv().REDIS_URL!)
  for (const pattern of ['hearth:*', 'rl:*']) {
    const keys = await redis.keys(pattern)
    if (keys.length) await redis.del(...keys)
  }
  await redis.quit()

  const nssdb = `${BROWSER_HOME}/.pki/nssdb`
  rmSync(BROWSER_HOME, { recursive: true, force: true })
  mkdirSync(nssdb, { recursive: true })
  execFileSync('certutil', ['-N', '-d', `sql:${nssdb}`, '--empty-password'])
  execFileSync('certutil', ['-A', '-d', `sql:${nssdb}`, '-n', 'Hearth local CA', '-t', 'C,,', '-i', PATHS.caCert])

  return async () => {
    await s3.close()
    undoNames()
  }
}
