// npm run backup -- --out <dir>: the database's dump, the media store (MEDIA_DIR) and public/uploads,
// with a manifest.json, into a new directory (docs/backups.md). Reads the same environment as the
// server (.env included).
import { parseArgs } from 'node:util'
import { env } from '#app/lib/platform/env.server'
import { installOf } from './backup/install'
import { BackupRefused } from './backup/refused'
import { describeManifest, seconds } from './backup/summary'
import { takeBackup } from './backup/take-backup'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
if (!values.out) {
  console.error('Usage: npm run backup -- --out <new or empty directory>')
  process.exit(2)
}

try {
  const { directory, manifest, tookMs } = await takeBackup(installOf(env), values.out)
  console.log(`Backed up into ${directory} in ${seconds(tookMs)}:`)
  console.log(describeManifest(manifest).join('\n'))
} catch (error) {
  // A refusal says what to change; anything else is a failure, with where it happened.
  console.error(error instanceof BackupRefused ? error.message : error instanceof Error ? error.stack : error)
  process.exitCode = 1
}
