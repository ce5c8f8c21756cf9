// npm run restore: checks the whole backup against its manifest, then the target install, and only
// then writes: the database first (its figures compared with the manifest's at once, so a bad load
// stops before gigabytes of files are copied), then the files.
//
// A restore goes into an empty install and nowhere else: merging into live data, or replacing it,
// would mix or lose rows that are in no backup. There is no flag to force it; emptying the target
// is the operator's deliberate step.
import { readdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dialectOf } from '#models/db'
import { missingFromBucket } from './bucket'
import { databaseRefusal, loadDatabase, type DatabaseFigures } from './database'
import { copyHashed, isEmptyOrAbsent, listFiles, verifyFiles } from './files'
import type { Install } from './install'
import { MANIFEST_FILE, areaOf, readManifest, type Manifest } from './manifest'
import { BackupRefused } from './refused'

export type RestoreResult = {
  manifest: Manifest
  /** Migrations of this Hearth newer than the backup's last: `npm run migrate` applies them. */
  pendingMigrations: string[]
  /** Files in the backup's directory the manifest does not list (left out). */
  unlisted: string[]
  tookMs: number
}

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations')

/** This Hearth's migrations, by name (as umzug records them in SequelizeMeta). */
async function knownMigrations() {
  return (await readdir(migrationsDir)).filter((name) => /^\d+.*\.ts$/.test(name)).sort()
}

/**
 * Reads the backup's manifest and checks every file it lists (size and sha256). Throws, listing
 * what is wrong, when any differs; changes nothing anywhere.
 */
export async function checkBackup(from: string): Promise<{ manifest: Manifest; unlisted: string[] }> {
  const directory = resolve(from)
  const manifest = await readManifest(directory)
  if (!manifest.files.some((entry) => entry.path === manifest.database.file))
    throw new BackupRefused(`${MANIFEST_FILE} does not list the database's dump ${manifest.database.file}`)
  const problems = await verifyFiles(directory, manifest.files)
  if (problems.length)
    throw new BackupRefused(
      `The backup in ${directory} does not match its manifest (${problems.length} of ${manifest.files.length} files):\n` +
        problems.map((problem) => `  ${problem}`).join('\n'),
    )
  const listed = new Set([MANIFEST_FILE, ...manifest.files.map((entry) => entry.path)])
  return { manifest, unlisted: (await listFiles(directory)).filter((path) => !listed.has(path)) }
}

/** Why the install cannot take this backup (a newer schema, another dialect, anything already in it). */
async function refusals(install: Install, manifest: Manifest): Promise<string[]> {
  const problems: string[] = []
  const dialect = dialectOf(install.databaseUrl)
  if (dialect !== manifest.database.dialect)
    problems.push(`the backup is of a ${manifest.database.dialect} database and DATABASE_URL names a ${dialect} one`)
  const last = manifest.database.lastMigration
  if (last && !(await knownMigrations()).includes(last))
    problems.push(
      `the backup's schema is newer than this Hearth (migration ${last}): restore it with Hearth ${manifest.hearthVersion}`,
    )
  if (problems.length) return problems
  const database = await databaseRefusal(install.databaseUrl)
  if (database) problems.push(database)
  if (!(await isEmptyOrAbsent(install.mediaDir))) problems.push(`MEDIA_DIR (${install.mediaDir}) holds files`)
  if (!(await isEmptyOrAbsent(install.uploadsDir))) problems.push(`${install.uploadsDir} holds files`)
  if (manifest.bucket) problems.push(...(await bucketRefusal(install, manifest.bucket)))
  return problems
}

/** The backup's files are in a bucket: this install must read that bucket (or a copy), holding every listed object. */
async function bucketRefusal(install: Install, bucket: NonNullable<Manifest['bucket']>): Promise<string[]> {
  if (!install.bucket)
    return [
      `the backup's files are in the bucket ${bucket.name}${bucket.prefix ? ` under ${bucket.prefix}` : ''} and S3_BUCKET is not set`,
    ]
  const missing = await missingFromBucket(install.bucket, bucket.objects)
  if (!missing.length) return []
  const shown = missing.slice(0, 10).join(', ')
  return [
    `the bucket ${install.bucket.bucket} lacks ${missing.length} of the ${bucket.objects.length} objects the backup lists (${shown}${missing.length > 10 ? ', …' : ''}): bring them back from the store's versions first`,
  ]
}

/** How the loaded database differs from the manifest's figures: tables, rows, last migration. */
function differences(loaded: DatabaseFigures, manifest: Manifest): string[] {
  const expected = manifest.database.tables
  const names = [...new Set([...Object.keys(expected), ...Object.keys(loaded.tables)])].sort()
  const problems = names.flatMap((name) => {
    const want = expected[name]
    const got = loaded.tables[name]
    if (want === undefined) return [`table ${name}: not in the backup`]
    if (got === undefined) return [`table ${name}: missing`]
    return got === want ? [] : [`table ${name}: ${got} rows, the manifest says ${want}`]
  })
  if (loaded.lastMigration !== manifest.database.lastMigration)
    problems.push(`last migration ${loaded.lastMigration}, the manifest says ${manifest.database.lastMigration}`)
  return problems
}

/** Restores the backup in `from` into the install, which must be empty. */
export async function restoreBackup(install: Install, from: string): Promise<RestoreResult> {
  const started = Date.now()
  const directory = resolve(from)
  const { manifest, unlisted } = await checkBackup(directory)
  const refused = await refusals(install, manifest)
  if (refused.length)
    throw new BackupRefused(
      `Nothing was restored: restore goes into an empty install, and ${refused.join('; ')}.\n` +
        'Give it an empty database, MEDIA_DIR and public/uploads (or point DATABASE_URL and MEDIA_DIR at new ones) ' +
        'and run it again; there is no --force.',
    )

  const dump = manifest.files.find((entry) => entry.path === manifest.database.file)!
  const loaded = await loadDatabase(install.databaseUrl, join(directory, dump.path), dump.sha256)
  const mismatches = differences(loaded, manifest)
  if (mismatches.length)
    throw new BackupRefused(
      `The database was loaded but does not match the manifest:\n${mismatches.map((line) => `  ${line}`).join('\n')}`,
    )

  for (const entry of manifest.files) {
    const area = areaOf(entry.path)
    if (!area) continue
    const root = area === 'media' ? install.mediaDir : install.uploadsDir
    const rest = entry.path.slice(area.length + 1).split('/')
    const { sha256 } = await copyHashed(join(directory, ...entry.path.split('/')), join(root, ...rest))
    if (sha256 !== entry.sha256) throw new BackupRefused(`${entry.path} changed while it was being restored`)
  }

  const migrations = await knownMigrations()
  const last = manifest.database.lastMigration
  const pendingMigrations = last ? migrations.slice(migrations.indexOf(last) + 1) : migrations
  return { manifest, pendingMigrations, unlisted, tookMs: Date.now() - started }
}
