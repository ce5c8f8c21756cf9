// manifest.json: what a backup holds, written last by `npm run backup` and read first by `npm run
// restore`. Restore trusts nothing in the directory but what this lists: each file's size and sha256
// are checked before anything is written, and the row counts after the database is loaded.
import { readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { BackupRefused } from './refused'

export const MANIFEST_FILE = 'manifest.json'

/** Raised when a backup's layout changes in a way an older restore would misread. */
export const FORMAT_VERSION = 1

/**
 * The folders a backup keeps its files in: the media store's (MEDIA_DIR) and public/uploads (profile
 * pictures and banners). The database's dump sits beside them at the top.
 */
export const AREAS = ['media', 'uploads'] as const
export type Area = (typeof AREAS)[number]

/** A path inside the backup: relative, forward slashes, no `.` or `..` part, so no entry can point outside it. */
const relativePath = z
  .string()
  .min(1)
  .refine(
    (path) => !path.startsWith('/') && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'must be a relative path inside the backup',
  )

const fileEntry = z.object({
  path: relativePath,
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
})
export type FileEntry = z.infer<typeof fileEntry>

const manifestSchema = z.object({
  format: z.literal(FORMAT_VERSION),
  createdAt: z.string().datetime(),
  hearthVersion: z.string(),
  database: z.object({
    dialect: z.enum(['sqlite', 'mysql']),
    /** The dump's path among `files`. */
    file: relativePath,
    lastMigration: z.string().nullable(),
    /** Every table the dump creates, with the rows it holds. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
  }),
  /** Every file of the backup but this one: the dump, then media/… and uploads/…. */
  files: z.array(fileEntry),
  /** With S3_BUCKET: the bucket's objects when the backup was taken (kept by the store, not copied: bucket.ts). */
  bucket: z
    .object({
      name: z.string(),
      prefix: z.string().nullable(),
      objects: z.array(z.object({ key: z.string().min(1), size: z.number().int().nonnegative(), etag: z.string() })),
    })
    .optional(),
})
export type Manifest = z.infer<typeof manifestSchema>

export async function writeManifest(directory: string, manifest: Manifest) {
  await writeFile(join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' })
}

/** The manifest of the backup in `directory`, or a refusal that says what is wrong with it. */
export async function readManifest(directory: string): Promise<Manifest> {
  let json: unknown
  try {
    json = JSON.parse(await readFile(join(directory, MANIFEST_FILE), 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupRefused(`${directory} holds no ${MANIFEST_FILE}: it is not a Hearth backup`)
    if (error instanceof SyntaxError) throw new BackupRefused(`${MANIFEST_FILE} is not JSON: ${error.message}`)
    throw error
  }
  const format = (json as { format?: unknown } | null)?.format
  if (format !== FORMAT_VERSION)
    throw new BackupRefused(`${MANIFEST_FILE} is format ${String(format)}; this Hearth reads format ${FORMAT_VERSION}`)
  const parsed = manifestSchema.safeParse(json)
  if (!parsed.success)
    throw new BackupRefused(
      `${MANIFEST_FILE} is malformed: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    )
  return parsed.data
}

/** The area an entry belongs to (media/… or uploads/…), or null for the dump at the top. */
export function areaOf(path: string): Area | null {
  const top = path.split('/')[0]
  return (AREAS as readonly string[]).includes(top!) && path.includes('/') ? (top as Area) : null
}

/** package.json's version: which Hearth wrote the backup. */
export async function hearthVersion(): Promise<string> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
  return (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version
}
