// A real S3 server on loopback for the media store's tests: s3rver, which speaks S3's REST protocol
// (signatures, ranges, multipart uploads) and keeps objects in a temporary directory. It has no types:
// the little of it used here is typed below.
import { createRequire } from 'node:module'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { StorageSettings } from '#models/storage-from-env'

interface S3rver {
  /** Koa's middleware list: s3rver is a Koa app, which composes it when it starts listening. */
  middleware: ((context: { method: string; url: string }, next: () => Promise<void>) => Promise<void>)[]
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}

const require = createRequire(import.meta.url)

export interface S3Server {
  endpoint: string
  bucket: string
  /** The settings S3_BUCKET, S3_ENDPOINT and s3rver's fixed keys would give (path-style, as for any endpoint). */
  settings: Extract<StorageSettings, { kind: 's3' }>
  /** Every request so far, as `METHOD /path?query`: how a test sees a multipart upload's parts. */
  requests: string[]
  close(): Promise<void>
}

/** Starts s3rver on a free port with one empty bucket. */
export async function startS3Server(bucket = 'hearth-test'): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'hearth-s3-'))
  const S3rver = require('s3rver') as new (options: object) => S3rver
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const requests: string[] = []
  server.middleware.unshift((context, next) => {
    requests.push(`${context.method} ${context.url}`)
    return next()
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    requests,
    settings: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      // s3rver checks signatures made with these.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
