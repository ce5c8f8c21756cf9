// The files of a backup: walking a directory, copying a file while hashing it, and checking copies
// against the manifest. Stored files are never changed in place (the media store writes beside and
// renames; avatars and banners get a new name each time), so a file copied whole is a consistent one.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FileEntry } from './manifest'

/** A media store write in progress (models/media-storage.ts renames it into place when it is whole). */
const PARTIAL_WRITE = /\.[0-9a-f]{12}\.part$/

/**
 * Every regular file under `root`, as paths relative to it with forward slashes, in name order; an
 * absent directory has none. Unfinished media store writes are left out, as are symbolic links and
 * anything else that is not a plain file (Hearth writes none).
 */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (relative: string) => {
    let entries
    try {
      entries = await readdir(join(root, relative), { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) await walk(path)
      else if (entry.isFile() && !PARTIAL_WRITE.test(entry.name)) found.push(path)
    }
  }
  await walk('')
  return found
}

/** Whether a directory is absent or holds no file (empty folders do not count). */
export async function isEmptyOrAbsent(root: string): Promise<boolean> {
  return (await listFiles(root)).length === 0
}

/** A pass-through that hashes and counts what flows by. */
function hashing() {
  const hash = createHash('sha256')
  let size = 0
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  return { tap, result: () => ({ size, sha256: hash.digest('hex') }) }
}

/**
 * Copies one file, hashing the bytes as they are written: the sha256 is of exactly what the copy
 * holds. Written beside and renamed, so a copy is whole or absent. `exclusive` refuses to replace a
 * file already there.
 */
export async function copyHashed(from: string, to: string, { exclusive = true } = {}) {
  await mkdir(dirname(to), { recursive: true })
  const partial = `${to}.copying`
  const { tap, result } = hashing()
  try {
    await pipeline(createReadStream(from), tap, createWriteStream(partial, { flags: 'wx' }))
    if (exclusive && (await exists(to))) throw new Error(`${to} already exists`)
    await rename(partial, to)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return result()
}

export async function hashFile(path: string) {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk)
    size += chunk.length
  }
  return { size, sha256: hash.digest('hex') }
}

async function exists(path: string) {
  try {
    await stat(path)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}

/**
 * What is wrong with the backup's files, compared with the manifest: missing ones, and those whose
 * size or sha256 differ. Every file is read whole; an empty list means all are as they were written.
 */
export async function verifyFiles(directory: string, entries: readonly FileEntry[]): Promise<string[]> {
  const problems: string[] = []
  for (const entry of entries) {
    const path = join(directory, ...entry.path.split('/'))
    if (!(await exists(path))) {
      problems.push(`${entry.path}: missing`)
      continue
    }
    const found = await hashFile(path)
    if (found.size !== entry.size) problems.push(`${entry.path}: ${found.size} bytes, the manifest says ${entry.size}`)
    else if (found.sha256 !== entry.sha256) problems.push(`${entry.path}: its sha256 differs from the manifest's`)
  }
  return problems
}
