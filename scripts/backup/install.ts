// What a backup covers of an install: its database and the two places Hearth writes files.
import { resolve } from 'node:path'

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
}

/** The install this process runs in: the environment's DATABASE_URL and MEDIA_DIR, and the working directory's uploads. */
export function installOf(env: { DATABASE_URL: string; MEDIA_DIR: string }): Install {
  return { databaseUrl: env.DATABASE_URL, mediaDir: resolve(env.MEDIA_DIR), uploadsDir: resolve(UPLOADS_DIR) }
}
