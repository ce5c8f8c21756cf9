// The media store in an S3-compatible bucket (Amazon S3, MinIO, Ceph RGW, Garage, R2, …), for installs
// with several web machines or no shared disk: the same four calls as diskStorage (models/media-storage.ts),
// so nothing above the store knows which one it has. Chosen from the environment by storage-from-env.ts.
import { Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertStorageKey, type MediaStorage } from './media-storage'

export type S3StorageOptions = {
  bucket: string
  region: string
  /** A store other than Amazon's (MinIO, Ceph, Garage, …); unset: Amazon S3 in `region`. */
  endpoint?: string
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean
  /** Unset: the SDK's default chain (AWS_* variables, ~/.aws, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** Put before every key (`hearth/prod` → `hearth/prod/{key}`), so several installs can share a bucket. */
  prefix?: string
}

/** Parts of a streamed put: S3's smallest part, two at a time, bounds the memory one upload holds to about 10 MB. */
const PART_SIZE = 5 * 1024 * 1024
const PARTS_AT_ONCE = 2

/** The SDK's client for the store, set up as every Hearth process talks to it (the backup's listing too). */
export function s3Client(options: S3StorageOptions) {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Since 3.729 the SDK adds CRC checksums to every put and checks them on every get; several
    // S3-compatible stores refuse the headers (or the chunked trailers) that takes. Amazon's keeps them.
    ...(options.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    requestHandler: {
      // A store that cannot be reached fails the request within seconds instead of holding it open.
      connectionTimeout: 10_000,
      // Each download being streamed to a browser holds a socket until the browser has read it all (a
      // video can take minutes): the SDK's default of 50 would queue every other request behind them.
      httpAgent: { keepAlive: true, maxSockets: 500 },
      httpsAgent: { keepAlive: true, maxSockets: 500 },
    },
  })
}

/** What every key of this install starts with in the bucket: its prefix and a slash, or nothing. */
export const keyPrefix = (options: S3StorageOptions) => (options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '')

export function s3Storage(options: S3StorageOptions): MediaStorage {
  const client = s3Client(options)
  const Bucket = options.bucket
  const prefix = keyPrefix(options)
  const objectKey = (key: string) => {
    assertStorageKey(key)
    return prefix + key
  }

  return {
    async put(key, body) {
      // A body under one part is sent as one PutObject, a longer one as a multipart upload, part by part
      // as the stream gives them. Either way the object appears whole or not at all (S3 has no partial
      // object), and an upload that fails part way is aborted, its parts deleted.
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: body, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: PARTS_AT_ONCE,
      })
      await upload.done()
    },
    async get(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        if (!(object.Body instanceof Readable)) throw new Error(`The store answered ${key} without a body`)
        if (!range) {
          if (object.ContentLength === undefined) throw new Error(`The store answered ${key} without a size`)
          return { body: object.Body, size: object.ContentLength }
        }
        // The caller sends exactly these bytes with its own Content-Range: a store that answers other
        // bytes (the whole object, as one that ignores Range would) must fail, not be passed on.
        const answered = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '')
        if (!answered || Number(answered[1]) !== range.start || Number(answered[2]) !== range.end) {
          object.Body.destroy()
          throw new Error(
            `The store answered ${object.ContentRange ?? 'no range'} for bytes ${range.start}-${range.end}`,
          )
        }
        return { body: object.Body, size: Number(answered[3]) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
      } catch (error) {
        // S3 answers 204 for a key with nothing stored; a few compatible stores answer 404.
        if (!isMissing(error)) throw error
      }
    },
    // No direct address: the app streams every file itself. A redirect to a presigned GetObject would
    // hand the browser the store's answer instead of storedFileResponse's: the bucket's own content
    // type (this interface's put never learns the type the app read from the content), no sandboxing
    // Content-Security-Policy and no nosniff (S3 cannot be asked for either), and a URL anyone it is
    // passed to can fetch until it expires, past a message file's `no-store`. It would also need the
    // endpoint reachable from browsers, which a MinIO on the private network is not.
    async url() {
      return null
    },
  }
}

/** Nothing stored under the key; a missing bucket is a 404 too, but a broken setup, never "no file". */
function isMissing(error: unknown) {
  if (!(error instanceof S3ServiceException)) return false
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket')
}
