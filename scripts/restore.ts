// npm run restore -- --from <dir>: checks a backup against its manifest, then restores it into an
// empty install (the DATABASE_URL, MEDIA_DIR and public/uploads of this environment) and compares
// the rows with the manifest. --check only checks the backup's files. See docs/backups.md.
import { parseArgs } from 'node:util'
import { installOf } from './backup/install'
import { BackupRefused } from './backup/refused'
import { checkBackup, restoreBackup } from './backup/restore-backup'
import { describeManifest, seconds } from './backup/summary'

const { values } = parseArgs({ options: { from: { type: 'string' }, check: { type: 'boolean', default: false } } })
if (!values.from) {
  console.error('Usage: npm run restore -- --from <backup directory> [--check]')
  process.exit(2)
}

/** What the backup is: when and by which Hearth it was made. */
const origin = (manifest: { createdAt: string; hearthVersion: string }) =>
  `made ${manifest.createdAt} by Hearth ${manifest.hearthVersion}`

async function check(from: string) {
  const { manifest, unlisted } = await checkBackup(from)
  console.log(`Every file of the backup matches its manifest (${origin(manifest)}):`)
  console.log(describeManifest(manifest).join('\n'))
  if (unlisted.length) console.log(`  ${unlisted.length} files the manifest does not list: ${unlisted.join(', ')}`)
}

async function restore(from: string) {
  // Read only here: checking a backup needs no configuration (and works on a machine without any).
  const { env } = await import('#app/lib/platform/env.server')
  const { manifest, pendingMigrations, unlisted, tookMs } = await restoreBackup(installOf(env), from)
  console.log(`Restored the backup ${origin(manifest)} in ${seconds(tookMs)}; the rows match its manifest:`)
  console.log(describeManifest(manifest).join('\n'))
  if (unlisted.length)
    console.log(`  left out ${unlisted.length} files the manifest does not list: ${unlisted.join(', ')}`)
  if (pendingMigrations.length)
    console.log(`This Hearth has ${pendingMigrations.length} newer migrations: run npm run migrate before npm start.`)
}

try {
  await (values.check ? check(values.from) : restore(values.from))
} catch (error) {
  // A refusal says what to change; anything else is a failure, with where it happened.
  console.error(error instanceof BackupRefused ? error.message : error instanceof Error ? error.stack : error)
  process.exitCode = 1
}
