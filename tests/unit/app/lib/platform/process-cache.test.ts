import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProcessCaches } from '#app/lib/platform/process-cache.server'

/** A loader that counts its calls and answers `value-<n>`. */
function counter() {
  let calls = 0
  const load = () => Promise.resolve(`value-${++calls}`)
  return { load, calls: () => calls }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('process cache (one process, no Redis)', () => {
  const options = { maxEntries: 3, maxAgeMs: 1_000 }

  it('loads a key once, however many requests ask at the same time', async () => {
    const cache = new ProcessCaches().define<string>('a', options)
    const { load, calls } = counter()
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
    expect(values).toEqual(['value-1', 'value-1', 'value-1'])
    expect(await cache.get('k', load)).toBe('value-1')
    expect(calls()).toBe(1)
  })

  it('loads again after invalidate, for one key or all of them', async () => {
    const caches = new ProcessCaches()
    const cache = caches.define<string>('a', options)
    const { load } = counter()
    await cache.get('k', load)
    await cache.get('other', load)
    await caches.invalidate('a', 'k')
    expect(await cache.get('k', load)).toBe('value-3')
    expect(await cache.get('other', load)).toBe('value-2')
    await caches.invalidate('a')
    expect(await cache.get('other', load)).toBe('value-4')
  })

  it('does not keep a load that was in flight when the value was invalidated', async () => {
    const caches = new ProcessCaches()
    const cache = caches.define<string>('a', options)
    let release!: (value: string) => void
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)))
    await caches.invalidate('a')
    release('before the write')
    expect(await slow).toBe('before the write')
    expect(await cache.get('k', () => Promise.resolve('after the write'))).toBe('after the write')
  })

  it('does not keep a failed load', async () => {
    const cache = new ProcessCaches().define<string>('a', options)
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back')
  })

  it('reloads a value older than maxAgeMs (writes that bypass the app)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const cache = new ProcessCaches().define<string>('a', options)
    const { load } = counter()
    await cache.get('k', load)
    vi.advanceTimersByTime(999)
    expect(await cache.get('k', load)).toBe('value-1')
    vi.advanceTimersByTime(1)
    expect(await cache.get('k', load)).toBe('value-2')
  })

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = new ProcessCaches().define<string>('a', options)
    for (const key of ['a', 'b', 'c']) await cache.get(key, () => Promise.resolve(`first ${key}`))
    await cache.get('a', () => Promise.resolve('unused')) // a is now the most recently used
    await cache.get('d', () => Promise.resolve('first d'))
    expect(cache.size).toBe(3)
    expect(await cache.get('a', () => Promise.resolve('second a'))).toBe('first a')
    expect(await cache.get('b', () => Promise.resolve('second b'))).toBe('second b')
  })

  it('names each cache once', () => {
    const caches = new ProcessCaches()
    caches.define('a', options)
    expect(() => caches.define('a', options)).toThrow(/defined twice/)
  })
})
