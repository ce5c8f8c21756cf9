// The media store's bucket in a backup. With S3_BUCKET set, the files live in the store, which keeps them itself
// (versioning, replication: docs/backups.md): copying a bucket of any size into every backup would be the wrong
// tool. The backup records the bucket's listing instead, taken after the database's dump (so every object a row
// names is in it), and the restore checks that the bucket still holds each listed object before it loads anything.
import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { keyPrefix, s3Client, type S3StorageOptions } from '#models/s3-storage'

export type BucketObject = { key: string; size: number; etag: string }

/** Every object of this install in the bucket (under its prefix), by key, with its size and ETag. */
export async function listBucket(options: S3StorageOptions): Promise<BucketObject[]> {
  const client = s3Client(options)
  const prefix = keyPrefix(options)
  const objects: BucketObject[] = []
  try {
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix || undefined, ContinuationToken }),
      )
      for (const object of page.Contents ?? [])
        objects.push({
          key: object.Key!.slice(prefix.length),
          size: object.Size ?? 0,
          etag: (object.ETag ?? '').replace(/"/g, ''),
        })
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
  } finally {
    client.destroy()
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

/** The listed objects the bucket no longer holds as they were backed up (gone, or of another size), one line each. */
export async function missingFromBucket(options: S3StorageOptions, listed: BucketObject[]): Promise<string[]> {
  const now = new Map((await listBucket(options)).map((object) => [object.key, object]))
  return listed.flatMap((object) => {
    const found = now.get(object.key)
    if (!found) return [`${object.key}: missing`]
    return found.size === object.size ? [] : [`${object.key}: ${found.size} bytes, backed up at ${object.size}`]
  })
}
