// The process cache across processes, through the real Redis (127.0.0.1:6379 or TEST_REDIS_URL):
// each ProcessCaches plays one web process, as the app's own does with REDIS_URL. A channel of the
// file's own keeps runs sharing the Redis apart.
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { ProcessCaches } from '#app/lib/platform/process-cache.server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const options = { maxEntries: 100, maxAgeMs: 60_000 }
const opened: ProcessCaches[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((caches) => caches.close()))
})

function webProcess(channel: string, redisUrl = REDIS_URL) {
  const caches = new ProcessCaches({ redisUrl, channel })
  opened.push(caches)
  return { caches, communities: caches.define<string>('communities', options) }
}

/** Asks until the value is kept (the subscription is up) and returns it. */
async function keptValue(cache: ReturnType<typeof webProcess>['communities'], key: string, value: string) {
  await expect
    .poll(async () => {
      await cache.get(key, () => Promise.resolve(value))
      return cache.size
    })
    .toBe(1)
  return cache.get(key, () => Promise.resolve('not kept'))
}

describe('process cache through Redis', () => {
  it('a write in one process drops the value in the other', async () => {
    const channel = `test-process-cache-${randomUUID()}`
    const one = webProcess(channel)
    const two = webProcess(channel)
    expect(await keptValue(one.communities, 'demo', 'Old name (one)')).toBe('Old name (one)')
    expect(await keptValue(two.communities, 'demo', 'Old name (two)')).toBe('Old name (two)')

    await one.caches.invalidate('communities')
    expect(await one.communities.get('demo', () => Promise.resolve('New name'))).toBe('New name')
    await expect.poll(() => two.communities.get('demo', () => Promise.resolve('New name'))).toBe('New name')
  })

  it('hears only its own channel', async () => {
    const one = webProcess(`test-process-cache-${randomUUID()}`)
    const stranger = webProcess(`test-process-cache-${randomUUID()}`)
    await keptValue(one.communities, 'demo', 'kept')
    await keptValue(stranger.communities, 'demo', 'kept')
    await stranger.caches.invalidate('communities')
    // Give a message on the wrong channel time to arrive, then check nothing moved.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await one.communities.get('demo', () => Promise.resolve('reloaded'))).toBe('kept')
  })

  it('keeps nothing while it cannot hear the other processes (Redis unreachable), and still answers', async () => {
    const deaf = webProcess(`test-process-cache-${randomUUID()}`, 'redis://127.0.0.1:1')
    let loads = 0
    const load = () => Promise.resolve(`value-${++loads}`)
    expect(await deaf.communities.get('demo', load)).toBe('value-1')
    expect(await deaf.communities.get('demo', load)).toBe('value-2')
    expect(deaf.communities.size).toBe(0)
    // Invalidating still works locally; publishing fails quietly (the write itself succeeded).
    await expect(deaf.caches.invalidate('communities')).resolves.toBeUndefined()
  })
})
