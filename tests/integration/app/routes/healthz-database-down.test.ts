// Closes this file's database, so it has a file (and a database) of its own.
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { loader } from '#app/routes/healthz'

describe('/healthz with the database gone', () => {
  it('answers 503 and is not cached', async () => {
    expect((await loader()).status).toBe(200)
    await db.close()

    const response = await loader()
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' })
  })
})
