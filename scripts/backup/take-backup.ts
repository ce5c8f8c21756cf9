// npm run backup: the database's dump first, then the files, then the manifest that lists them.
//
// The database goes first: a file uploaded meanwhile is then copied without its row (an orphan
// nothing points at), and only a file deleted meanwhile can leave a row without its file, which
// someone was deleting anyway. The other order would keep rows of finished uploads without their files.
import { mkdir, readdir, rm } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { dialectOf } from '#models/db'
import { listBucket } from './bucket'
import { dumpDatabase } from './database'
import { copyHashed, hashFile, listFiles } from './files'
import type { Install } from './install'
import { FORMAT_VERSION, hearthVersion, writeManifest, type Area, type FileEntry, type Manifest } from './manifest'
import { BackupRefused } from './refused'

export type BackupResult = { directory: string; manifest: Manifest; tookMs: number }

/** Whether `path` is `folder` or lies under it. */
const isInside = (path: string, folder: string) => {
  const rest = relative(folder, path)
  return !isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`)
}

/** Makes the backup's directory, or takes an empty one; true when it was made here. */
async function claimDirectory(directory: string): Promise<boolean> {
  try {
    const entries = await readdir(directory)
    if (entries.length) throw new BackupRefused(`${directory} is not empty: a backup goes into a new directory`)
    return false
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  // Only its owner may read it: the dump holds every account, session and token.
  await mkdir(directory, { recursive: true, mode: 0o700 })
  return true
}

/** Removes what a failed backup wrote, leaving the directory as it was found. */
async function clearDirectory(directory: string, made: boolean) {
  if (made) return rm(directory, { recursive: true, force: true })
  for (const entry of await readdir(directory)) await rm(join(directory, entry), { recursive: true, force: true })
}

/** Copies every file under `root` into the backup's `area` folder. A file deleted since it was listed is skipped. */
async function copyArea(root: string, directory: string, area: Area): Promise<FileEntry[]> {
  const entries: FileEntry[] = []
  for (const path of await listFiles(root)) {
    try {
      const copied = await copyHashed(join(root, ...path.split('/')), join(directory, area, ...path.split('/')))
      entries.push({ path: `${area}/${path}`, ...copied })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return entries
}

/** Backs the install up into `out`, a new or empty directory, and returns what it wrote. */
export async function takeBackup(install: Install, out: string): Promise<BackupResult> {
  const started = Date.now()
  const directory = resolve(out)
  for (const folder of [install.mediaDir, install.uploadsDir])
    if (isInside(directory, resolve(folder)))
      throw new BackupRefused(`${directory} is inside ${folder}, which it backs up: choose a directory outside it`)
  const made = await claimDirectory(directory)
  try {
    const createdAt = new Date().toISOString()
    const { file, tables, lastMigration } = await dumpDatabase(install.databaseUrl, directory)
    const files = [
      { path: file, ...(await hashFile(join(directory, file))) },
      ...(await copyArea(install.mediaDir, directory, 'media')),
      ...(await copyArea(install.uploadsDir, directory, 'uploads')),
    ]
    const manifest: Manifest = {
      format: FORMAT_VERSION,
      createdAt,
      hearthVersion: await hearthVersion(),
      database: { dialect: dialectOf(install.databaseUrl), file, lastMigration, tables },
      files,
      ...(install.bucket && {
        bucket: {
          name: install.bucket.bucket,
          prefix: install.bucket.prefix ?? null,
          objects: await listBucket(install.bucket),
        },
      }),
    }
    await writeManifest(directory, manifest)
    return { directory, manifest, tookMs: Date.now() - started }
  } catch (error) {
    await clearDirectory(directory, made)
    throw error
  }
}
