import { describe, expect, it } from 'vitest'
import { hit } from '#app/lib/rate-limit.server'

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
