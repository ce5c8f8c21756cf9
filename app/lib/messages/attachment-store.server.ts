import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { newId } from '#models/ids'
import { env } from '../platform/env.server'

/**
 * Where message attachments keep their bytes. Small on purpose: put, get, remove by key. The media
 * library has a store of its own (issue 12 part D); when both are merged this interface is the one
 * the other implements, and an S3-compatible store can implement it too.
 */
export interface AttachmentStore {
  put: (bytes: Uint8Array) => Promise<string>
  get: (key: string) => Promise<Uint8Array | null>
  remove: (key: string) => Promise<void>
}

const KEY = /^[A-Za-z0-9_-]{36}$/

/**
 * Files on the local disk, outside public/: attachments are private to a conversation and are
 * served only through the download route, which checks who is asking.
 */
export function diskAttachmentStore(root: string): AttachmentStore {
  const path = (key: string) => {
    if (!KEY.test(key)) throw new Error('Not an attachment key')
    // Two-character folders keep any one directory small.
    return join(root, key.slice(0, 2), key)
  }
  return {
    async put(bytes) {
      const key = newId()
      await mkdir(dirname(path(key)), { recursive: true })
      await writeFile(path(key), bytes)
      return key
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(path(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async remove(key) {
      await rm(path(key), { force: true })
    },
  }
}

/** The store the app uses: data/message-files beside the default database, or MESSAGE_FILES_DIR. */
let store: AttachmentStore | null = null
export function attachmentStore(): AttachmentStore {
  store ??= diskAttachmentStore(resolve(env.MESSAGE_FILES_DIR))
  return store
}
