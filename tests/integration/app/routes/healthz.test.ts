import { afterEach, describe, expect, it, vi } from 'vitest'
import { loader as healthz } from '#app/routes/healthz'
import { loader as readyz } from '#app/routes/readyz'

describe('/healthz (liveness)', () => {
  it('answers 200 without asking anything else, never cached', async () => {
    const response = healthz()
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    // The spec's app version, as package.json states it.
    expect(await response.json()).toEqual({ status: 'ok', version: '3.68.0' })
  })
})

describe('/readyz (readiness)', () => {
  it('answers 200 after a real query to the database and a PING to Redis when REDIS_URL is set', async () => {
    const response = await readyz()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: process.env.REDIS_URL ? 'ok' : 'off',
    })
  })
})

describe('/readyz with Redis gone', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('answers 503 naming Redis while the database still answers', async () => {
    // A port nobody listens on: the fresh modules read this REDIS_URL.
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1')
    vi.resetModules()
    const { loader } = await import('#app/routes/readyz')
    const response = await loader()
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'error', database: 'ok', redis: 'unreachable' })
    const { webRedis } = await import('#app/lib/platform/redis.server')
    webRedis()?.disconnect()
  })
})
