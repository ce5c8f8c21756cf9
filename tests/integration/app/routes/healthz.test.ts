import { describe, expect, it } from 'vitest'
import { loader } from '#app/routes/healthz'

describe('/healthz', () => {
  it('answers 200 after a real query to the database', async () => {
    const response = await loader()
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' })
  })
})
