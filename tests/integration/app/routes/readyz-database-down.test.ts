// Closes this file's database, so it has a file (and a database) of its own.
import { describe, expect, it } from 'vitest'
import { db } from '#app/lib/platform/db.server'
import { loader as healthz } from '#app/routes/healthz'
import { loader as readyz } from '#app/routes/readyz'

describe('with the database gone', () => {
  it('/readyz answers 503 naming it, not cached; /healthz stays 200', async () => {
    expect((await readyz()).status).toBe(200)
    await db.close()

    const response = await readyz()
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toMatchObject({ status: 'error', database: 'unreachable' })
    expect(healthz().status).toBe(200)
  })
})
