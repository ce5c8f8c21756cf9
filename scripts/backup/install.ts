// What a backup covers of an install: its database, the two places Hearth writes files, and the bucket when the
// media store is one.
import { resolve } from 'node:path'
import type { StorageSettings } from '#models/storage-from-env'
import type { S3StorageOptions } from '#models/s3-storage'

/**
 * Profile pictures (app/lib/identity/avatars.server.ts) and group and event banners
 * (app/lib/groups/group-banners.server.ts) are written under this folder of the working directory,
 * where express.static serves them; it is backed up whole.
 */
export const UPLOADS_DIR = 'public/uploads'

export type Install = {
  databaseUrl: string
  /** The media store (MEDIA_DIR): the library, message files, recordings. */
  mediaDir: string
  /** public/uploads: avatars and banners. */
  uploadsDir: string
  /** With S3_BUCKET: the bucket that holds the files instead (listed, not copied: bucket.ts). */
  bucket?: S3StorageOptions
}

/** The install this process runs in: the environment's DATABASE_URL, MEDIA_DIR and bucket, and the working directory's uploads. */
export function installOf(env: { DATABASE_URL: string; MEDIA_DIR: string; storage: StorageSettings }): Install {
  const { storage } = env
  return {
    databaseUrl: env.DATABASE_URL,
    mediaDir: resolve(env.MEDIA_DIR),
    uploadsDir: resolve(UPLOADS_DIR),
    ...(storage.kind === 's3' ? { bucket: storage } : {}),
  }
}
