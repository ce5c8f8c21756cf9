// Which media store a process keeps files in, read from its environment by the same rules in the web
// app (app/lib/platform/env.server.ts), the media edge (media-edge/env.ts) and migrations: an
// S3-compatible bucket when S3_BUCKET is set, the directory MEDIA_DIR otherwise. Both env modules
// spread S3_ENV into their schemas and add storageProblems() to their lists, so a variable means
// the same thing, and is refused for the same reason, in every process.
import { z } from 'zod'
import { diskStorage, type MediaStorage } from './media-storage'
import { s3Storage, type S3StorageOptions } from './s3-storage'

export type StorageSettings = { kind: 'disk'; directory: string } | ({ kind: 's3' } & S3StorageOptions)

/** An empty variable (`S3_PREFIX=`) means unset, as it does in a shell. */
const optional = <T extends z.ZodTypeAny>(type: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), type.optional())

// Amazon's rule (3–63 lower-case letters, digits, dots and hyphens), with capitals and underscores
// for the older buckets and the stores that allow them: what it refuses is a URL or an `s3://` name.
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,253}[A-Za-z0-9]$/
// Path-like segments, none of them `.` or `..`; a trailing slash is dropped.
const PREFIX = /^(?!\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/(?!\.{1,2}(\/|$))[A-Za-z0-9._-]+)*\/?$/

export const S3_ENV = {
  S3_BUCKET: optional(z.string().regex(BUCKET, 'must be a bucket name (not a URL)')),
  S3_ENDPOINT: optional(
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'must be an http:// or https:// URL'),
  ),
  S3_REGION: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
  ),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])),
  S3_PREFIX: optional(z.string().regex(PREFIX, 'must be path segments of letters, digits, dots, _ and -')),
}

const S3_NAMES = Object.keys(S3_ENV)

/** The combinations each variable's own type cannot refuse, read from the raw environment (empty = unset). */
export function storageProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(source[name])
  const problems: string[] = []
  const others = S3_NAMES.filter((name) => name !== 'S3_BUCKET' && set(name))
  // Files would quietly go to MEDIA_DIR while the operator believes they are in the bucket.
  if (!set('S3_BUCKET') && others.length) problems.push(`S3_BUCKET: is required with ${others.join(', ')}`)
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY'))
    problems.push(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK's default credentials)",
    )
  return problems
}

type S3Env = z.infer<z.ZodObject<typeof S3_ENV>>

/** The store's settings from a parsed environment (after storageProblems found nothing). */
export function storageSettings(env: S3Env & { MEDIA_DIR: string }): StorageSettings {
  if (!env.S3_BUCKET) return { kind: 'disk', directory: env.MEDIA_DIR }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // Amazon serves a bucket at its own host name; the stores one names an endpoint for mostly do not.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: env.S3_PREFIX?.replace(/\/$/, ''),
  }
}

export function mediaStorageFrom(settings: StorageSettings): MediaStorage {
  if (settings.kind === 'disk') return diskStorage(settings.directory)
  const { kind: _kind, ...options } = settings
  return s3Storage(options)
}

/**
 * The store a process's raw environment names, or an error listing what is wrong: for code that runs
 * without either env module (migrations, a one-off command), with the same rules and MEDIA_DIR's default.
 */
export function mediaStorageFromEnv(source: Record<string, string | undefined> = process.env): MediaStorage {
  const result = z.object({ ...S3_ENV, MEDIA_DIR: optional(z.string()) }).safeParse(source)
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...storageProblems(source),
  ]
  if (problems.length || !result.success)
    throw new Error(`Invalid media storage environment:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
  return mediaStorageFrom(storageSettings({ ...result.data, MEDIA_DIR: result.data.MEDIA_DIR || 'data/media' }))
}
