// Where Hearth keeps uploaded bytes (the media library's items and message attachments, videos and
// their thumbnails, the edge's meeting recordings, profile pictures, banners and logos): one small
// interface, a directory on disk by default. It lives in models/ because both processes keep files
// in the same store (the web app and the media edge); it reads no configuration, so a migration can
// use it too, and each process makes its own store from its environment (storage-from-env.ts).
//
// The other implementation is an S3-compatible bucket (s3-storage.ts): put → PutObject, or a
// multipart upload for a longer stream; get → GetObject with a Range header for a part (null on
// NoSuchKey); delete → DeleteObject (already gone is fine); url → none, for the reasons given there.
// Keys are opaque to the store; their owners make them (the library `{brandId}/{userId}/{id}`,
// messages `messages/{brandId}/{id}`, pictures `avatars/{name}`, `banners/{name}` and `logos/{name}`).
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { randomBytes } from 'node:crypto'

/** Bytes start to end of a stored file, both included (as HTTP ranges count). */
export type ByteRange = { start: number; end: number }

export interface MediaStorage {
  /** Stores the stream's bytes under the key, replacing what was there; resolves once they are all kept. */
  put(key: string, body: Readable): Promise<void>
  /**
   * The stored bytes (all of them, or bytes start to end inclusive) and the whole file's size, or
   * null when nothing is stored under the key. A range is within the size (the caller checks).
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>
  /** Removes the key's bytes; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>
  /**
   * An address the browser may fetch the bytes from directly for a short while (a presigned URL),
   * or null when the store has none and the app streams them itself (disk). The app only hands it
   * out after its own access check.
   */
  url(key: string): Promise<string | null>
}

/** Keys are path-like ids: nothing that could climb out of the store's directory. */
const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}){0,3}$/

export function assertStorageKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Not a media storage key: ${JSON.stringify(key)}`)
}

/** Files under one directory, each key its own path; served only through the app's access-checked route. */
export function diskStorage(directory: string): MediaStorage {
  const root = resolve(directory)
  const pathOf = (key: string) => {
    assertStorageKey(key)
    const path = join(root, ...key.split('/'))
    if (!path.startsWith(root + sep)) throw new Error('Media storage key outside the store')
    return path
  }
  return {
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      // Written beside, then renamed: a reader never sees half a file, and a failed write leaves nothing.
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }))
        await rename(partial, path)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    },
    async get(key, range) {
      const path = pathOf(key)
      try {
        const { size } = await stat(path)
        return { body: createReadStream(path, range), size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    async url() {
      return null
    },
  }
}
