import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { env, parseEnv } from '#app/lib/platform/env.server'
import { LIMITS, hit } from '#app/lib/platform/rate-limit.server'

describe('rate limits in the database', () => {
  it('count concurrent hits without failing and refuse past the limit', async () => {
    const limit = { name: 'test-concurrent', max: 5, windowSeconds: 60 }
    // The first hit opens the window; the rest arrive at once.
    await hit(limit, 'someone')
    const results = await Promise.all(Array.from({ length: 9 }, () => hit(limit, 'someone')))
    // Each hit reads the count after its own increment, possibly after others' too: never more
    // than the limit lets through, and every hit is counted.
    expect(results.filter((result) => result.allowed).length).toBeLessThanOrEqual(4)
    expect((await hit(limit, 'someone')).allowed).toBe(false)
    expect(results.every((result) => result.retryAfterSeconds > 0 && result.retryAfterSeconds <= 60)).toBe(true)
  })
})

describe('rate limits in Redis (REDIS_URL)', () => {
  it('count one window per key, shared by every process, and refuse past the limit', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
    env.REDIS_URL = url
    const redis = new Redis(url)
    const subject = `test-${randomUUID()}`
    try {
      const limit = { name: 'test-redis', max: 3, windowSeconds: 60 }
      const results = await Promise.all(Array.from({ length: 5 }, () => hit(limit, subject)))
      expect(results.filter((result) => result.allowed)).toHaveLength(3)
      expect(results.every((result) => result.retryAfterSeconds > 0 && result.retryAfterSeconds <= 60)).toBe(true)
      // The count lives in Redis, where another web instance reads the same window.
      expect(await redis.get(`rl:test-redis:${subject}`)).toBe('5')
      expect(await redis.ttl(`rl:test-redis:${subject}`)).toBeGreaterThan(0)
      expect((await hit(limit, `${subject}-other`)).allowed).toBe(true)
    } finally {
      env.REDIS_URL = undefined
      await redis.del(`rl:test-redis:${subject}`, `rl:test-redis:${subject}-other`)
      await redis.quit()
    }
  })
})

describe('the code-check limit', () => {
  it('reads CODE_CHECKS_PER_ADDRESS_PER_15_MIN, 30 when unset, and refuses a value that is not a positive whole number', () => {
    expect(parseEnv({ NODE_ENV: 'development' }).CODE_CHECKS_PER_ADDRESS_PER_15_MIN).toBe(30)
    expect(
      parseEnv({ NODE_ENV: 'development', CODE_CHECKS_PER_ADDRESS_PER_15_MIN: '120' })
        .CODE_CHECKS_PER_ADDRESS_PER_15_MIN,
    ).toBe(120)
    // Empty means unset, as in a shell.
    expect(
      parseEnv({ NODE_ENV: 'development', CODE_CHECKS_PER_ADDRESS_PER_15_MIN: '' }).CODE_CHECKS_PER_ADDRESS_PER_15_MIN,
    ).toBe(30)
    for (const bad of ['0', '-5', '2.5', 'many']) {
      expect(() => parseEnv({ NODE_ENV: 'development', CODE_CHECKS_PER_ADDRESS_PER_15_MIN: bad })).toThrow(
        /CODE_CHECKS_PER_ADDRESS_PER_15_MIN/,
      )
    }
  })

  it('is the limit sign-in, sign-up and address changes count code checks against', async () => {
    expect(LIMITS.verificationsPerAddress).toMatchObject({
      max: env.CODE_CHECKS_PER_ADDRESS_PER_15_MIN,
      windowSeconds: 15 * 60,
    })
    const limit = { ...LIMITS.verificationsPerAddress, max: 2 }
    expect((await hit(limit, '192.0.2.7')).allowed).toBe(true)
    expect((await hit(limit, '192.0.2.7')).allowed).toBe(true)
    expect((await hit(limit, '192.0.2.7')).allowed).toBe(false)
    // Another address has its own count.
    expect((await hit(limit, '192.0.2.8')).allowed).toBe(true)
  })
})
