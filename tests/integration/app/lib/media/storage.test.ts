// The media store's disk implementation: the interface an S3-compatible store would also meet.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskStorage, type MediaStorage } from '#app/lib/media/storage.server'

let directory: string
let store: MediaStorage
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'media-store-'))
  store = diskStorage(directory)
})
afterAll(() => rm(directory, { recursive: true, force: true }))

describe('diskStorage', () => {
  it('puts, gets (whole or a range), and deletes by key', async () => {
    await store.put('brand/user/item', Readable.from(['hello ', 'world']))
    const whole = await store.get('brand/user/item')
    expect(whole?.size).toBe(11)
    expect(await text(whole!.body)).toBe('hello world')
    expect(await text((await store.get('brand/user/item', { start: 6, end: 10 }))!.body)).toBe('world')
    await store.delete('brand/user/item')
    expect(await store.get('brand/user/item')).toBeNull()
    // Deleting what is not there is no error.
    await store.delete('brand/user/item')
  })

  it('replaces a key, leaving no partial file behind, and has no direct address', async () => {
    await store.put('k', Readable.from(['one']))
    await store.put('k', Readable.from(['two']))
    expect(await text((await store.get('k'))!.body)).toBe('two')
    expect(await readdir(directory)).not.toContainEqual(expect.stringMatching(/\.part$/))
    expect(await store.url('k')).toBeNull()
  })

  it('keeps nothing when the stream fails part way', async () => {
    const failing = new Readable({
      read() {
        this.push('some')
        this.destroy(new Error('client went away'))
      },
    })
    await expect(store.put('broken', failing)).rejects.toThrow('client went away')
    expect(await store.get('broken')).toBeNull()
    expect((await readdir(directory)).filter((name) => name.startsWith('broken'))).toEqual([])
  })

  it('refuses keys that could leave its directory', async () => {
    for (const key of ['../escape', 'a/../../b', '/abs', 'a//b', '', 'a\\b']) {
      await expect(store.get(key), key).rejects.toThrow(/Not a media storage key/)
    }
  })
})
