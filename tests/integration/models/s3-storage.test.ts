// The media store's contract, run against both stores: diskStorage on a temporary directory and
// s3Storage on a real S3 server (s3rver on loopback, tests/support/s3-server.ts). Whatever keeps
// files (the library, messages, recordings, pictures) may rely on exactly what is checked here.
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskStorage, type MediaStorage } from '#models/media-storage'
import { s3Storage } from '#models/s3-storage'
import { mediaStorageFrom, mediaStorageFromEnv } from '#models/storage-from-env'
import { startS3Server, type S3Server } from '#tests/support/s3-server'

let s3: S3Server
let directory: string
const stores: Record<'disk' | 's3', MediaStorage> = {} as never

beforeAll(async () => {
  s3 = await startS3Server()
  directory = await mkdtemp(join(tmpdir(), 'media-contract-'))
  stores.disk = diskStorage(directory)
  stores.s3 = mediaStorageFrom(s3.settings)
})
afterAll(async () => {
  await s3?.close()
  if (directory) await rm(directory, { recursive: true, force: true })
})

/** A stream handing over `bytes` in chunks of `chunk`, as an upload arrives. */
function streamOf(bytes: Buffer, chunk = 64 * 1024) {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunk) yield bytes.subarray(offset, offset + chunk)
    })(),
  )
}

describe.each(['disk', 's3'] as const)('the %s store', (kind) => {
  const store = () => stores[kind]

  it('puts a stream, gets it whole, and a byte range with the whole size', async () => {
    await store().put('brand/user/item', Readable.from(['hello ', 'world']))
    const whole = await store().get('brand/user/item')
    expect(whole?.size).toBe(11)
    expect(await text(whole!.body)).toBe('hello world')
    const part = await store().get('brand/user/item', { start: 6, end: 10 })
    expect(part?.size).toBe(11)
    expect(await text(part!.body)).toBe('world')
    const one = await store().get('brand/user/item', { start: 1, end: 1 })
    expect(await text(one!.body)).toBe('e')
  })

  it('replaces what a key held', async () => {
    await store().put('replaced', Readable.from(['the first, longer version']))
    await store().put('replaced', Readable.from(['second']))
    const stored = await store().get('replaced')
    expect(stored?.size).toBe(6)
    expect(await text(stored!.body)).toBe('second')
  })

  it('deletes, and deleting or getting what is not there is no error', async () => {
    await store().put('doomed/file', Readable.from(['bytes']))
    await store().delete('doomed/file')
    expect(await store().get('doomed/file')).toBeNull()
    expect(await store().get('doomed/file', { start: 0, end: 1 })).toBeNull()
    await store().delete('doomed/file')
    await store().delete('never/there')
    expect(await store().get('never/there')).toBeNull()
  })

  it('keeps nothing when the stream fails part way', async () => {
    const failing = new Readable({
      read() {
        this.push('some')
        this.destroy(new Error('client went away'))
      },
    })
    await expect(store().put('broken', failing)).rejects.toThrow('client went away')
    expect(await store().get('broken')).toBeNull()
  })

  it('refuses keys that could leave the store or name another object', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', '', 'a\\b', 'name.png', 'a/b/c/d/e', 'x'.repeat(65)]) {
      await expect(store().get(key), key).rejects.toThrow(/Not a media storage key/)
      await expect(store().put(key, Readable.from(['x'])), key).rejects.toThrow(/Not a media storage key/)
      await expect(store().delete(key), key).rejects.toThrow(/Not a media storage key/)
    }
  })

  it('has no direct address: the app streams every file itself, with its own headers', async () => {
    await store().put('served', Readable.from(['x']))
    expect(await store().url('served')).toBeNull()
  })

  it('takes a 12 MB upload as it streams in, and gives back every byte and any range of it', async () => {
    const bytes = randomBytes(12 * 1024 * 1024)
    const before = s3.requests.length
    await store().put('videos/large', streamOf(bytes))
    const whole = await store().get('videos/large')
    expect(whole?.size).toBe(bytes.length)
    expect((await buffer(whole!.body)).equals(bytes)).toBe(true)
    const start = 5 * 1024 * 1024 - 10
    const part = await store().get('videos/large', { start, end: start + 19 })
    expect(part?.size).toBe(bytes.length)
    expect((await buffer(part!.body)).equals(bytes.subarray(start, start + 20))).toBe(true)
    if (kind === 's3') {
      // More than one part, sent as parts of one multipart upload, not one body held in memory.
      const requests = s3.requests.slice(before)
      expect(requests.filter((request) => /^PUT .*[?&]partNumber=\d+/.test(request)).length).toBe(3)
      expect(requests.some((request) => /^POST .*\?uploads/.test(request))).toBe(true)
      expect(requests.some((request) => /^POST .*[?&]uploadId=/.test(request))).toBe(true)
    }
  })
})

describe('s3Storage', () => {
  it('keeps its keys under S3_PREFIX, so installs sharing a bucket never see each other’s files', async () => {
    const one = s3Storage({ ...s3.settings, prefix: 'install-one' })
    const two = s3Storage({ ...s3.settings, prefix: 'install-two/media' })
    await one.put('avatars/same-name', Readable.from(['one']))
    await two.put('avatars/same-name', Readable.from(['two']))
    expect(await text((await one.get('avatars/same-name'))!.body)).toBe('one')
    expect(await text((await two.get('avatars/same-name'))!.body)).toBe('two')
    await one.delete('avatars/same-name')
    expect(await one.get('avatars/same-name')).toBeNull()
    expect(await text((await two.get('avatars/same-name'))!.body)).toBe('two')

    const client = new S3Client({ ...s3.settings })
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'install-' }))
    expect(listed.Contents?.map((object) => object.Key)).toEqual(['install-two/media/avatars/same-name'])
    client.destroy()
  })

  it('fails loudly, rather than answering "not found", when the bucket is missing or the keys are wrong', async () => {
    const noBucket = s3Storage({ ...s3.settings, bucket: 'no-such-bucket' })
    await expect(noBucket.get('some/key')).rejects.toThrow(/bucket/i)
    // (s3rver checks the key id, not SigV4 signatures.)
    const wrongKeys = s3Storage({ ...s3.settings, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'x' } })
    await expect(wrongKeys.get('some/key')).rejects.toThrow(/Access Key/i)
  })

  it('refuses an answer holding other bytes than the range asked for', async () => {
    // s3rver answers `bytes=0-0` with the whole object (it reads an end of 0 as none), as a store
    // that ignored Range would: passed on, the browser would get 11 bytes in a 1-byte answer.
    await stores.s3.put('quirk', Readable.from(['hello world']))
    await expect(stores.s3.get('quirk', { start: 0, end: 0 })).rejects.toThrow(
      'The store answered bytes 0-10/11 for bytes 0-0',
    )
    expect(await text((await stores.disk.get('brand/user/item', { start: 0, end: 0 }))!.body)).toBe('h')
  })

  it('is what mediaStorageFromEnv picks with S3_BUCKET (migrations use it), MEDIA_DIR without', async () => {
    const fromEnv = mediaStorageFromEnv({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_DIR: '/nowhere/at/all',
    })
    await fromEnv.put('from-env/check', Readable.from(['in the bucket']))
    expect(await text((await stores.s3.get('from-env/check'))!.body)).toBe('in the bucket')

    const disk = mediaStorageFromEnv({ MEDIA_DIR: directory })
    await disk.put('from-env/check', Readable.from(['on disk']))
    expect(await text((await stores.disk.get('from-env/check'))!.body)).toBe('on disk')

    expect(() => mediaStorageFromEnv({ S3_ACCESS_KEY_ID: 'id', S3_REGION: 'US East' })).toThrow(
      /Invalid media storage environment:\n {2}S3_REGION: .*\n {2}S3_BUCKET: is required with S3_REGION, S3_ACCESS_KEY_ID\n {2}S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    )
  })
})
