import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { QueryTypes, type QueryInterface } from 'sequelize'
import type { MigrationParams } from 'umzug'
import type { MediaStorage } from '../models/media-storage'
import { mediaStorageFromEnv } from '../models/storage-from-env'

// Profile pictures and banners move into the media store (an S3 bucket with S3_BUCKET, MEDIA_DIR
// otherwise), so that several web machines share them. No schema changes: rows keep their URLs
// (/uploads/avatars/{file}.png, /uploads/banners/{file}.webp), which app/routes/uploads.$kind.$file.ts
// now serves from the store under the keys avatars/{file} and banners/{file} (keys have no dots).
//
// - up copies every file Hearth wrote under public/uploads/avatars and public/uploads/banners (of the
//   working directory, where the app wrote them) into the store this process's environment names,
//   read by the app's own rules (models/storage-from-env.ts; this runs before the app's configuration
//   is loaded, from scripts/migrate.ts and the edge's start too). The files stay: express.static still
//   serves them on this machine, and a copy that fails part way loses nothing; run again, it copies
//   again (the same bytes under the same keys).
// - It copies what this machine holds. Where several web machines each kept their own, each of the
//   others runs copyUploads() once (docs/operations.md#files-and-media-storage has the command).
// - down writes back under public/uploads every picture a row names that is not there (those kept
//   since exist only in the store), so the code before this serves them; the store is left as it is.
const UPLOADS = [
  { folder: 'avatars', url: '/uploads/avatars/', name: /^([A-Za-z0-9_-]{1,64})\.png$/ },
  { folder: 'banners', url: '/uploads/banners/', name: /^([0-9a-f]{32})\.webp$/ },
] as const

const keyOf = (upload: (typeof UPLOADS)[number], file: string) => {
  const name = upload.name.exec(file)?.[1]
  return name ? `${upload.folder}/${name}` : null
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/** Copies the pictures under `uploadsDir` into the store; returns how many. */
export async function copyUploads(
  uploadsDir = 'public/uploads',
  store: MediaStorage = mediaStorageFromEnv(),
): Promise<number> {
  let copied = 0
  for (const upload of UPLOADS) {
    const folder = resolve(uploadsDir, upload.folder)
    const files = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    })
    for (const file of files.sort()) {
      const key = keyOf(upload, file)
      if (!key) continue
      await store.put(key, createReadStream(join(folder, file)))
      copied++
    }
  }
  return copied
}

export async function up() {
  await copyUploads()
}

export async function down({ context: qi }: MigrationParams<QueryInterface>) {
  const store = mediaStorageFromEnv()
  const urls = await qi.sequelize.query<{ url: string }>(
    `SELECT avatar AS url FROM users WHERE avatar LIKE '/uploads/avatars/%'
     UNION SELECT bannerImage AS url FROM rooms WHERE bannerImage LIKE '/uploads/banners/%'`,
    { type: QueryTypes.SELECT },
  )
  for (const { url } of urls) {
    const upload = UPLOADS.find((each) => url.startsWith(each.url))!
    const file = url.slice(upload.url.length)
    const key = keyOf(upload, file)
    const to = resolve('public/uploads', upload.folder, file)
    if (!key || (await exists(to))) continue
    const stored = await store.get(key)
    if (!stored) continue
    await mkdir(resolve('public/uploads', upload.folder), { recursive: true })
    // Beside, then renamed: express.static never serves half a picture.
    await pipeline(stored.body, createWriteStream(`${to}.part`))
    await rename(`${to}.part`, to)
  }
}
