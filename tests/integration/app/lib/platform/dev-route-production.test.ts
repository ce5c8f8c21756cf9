// The developer console must not exist outside development. env.server parses process.env when it is
// imported, so the route is imported afresh after the environment says production.
import { afterAll, describe, expect, it, vi } from 'vitest'
import { routeArgs, thrownResponse } from '#tests/support/route-args'

afterAll(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('dev loader outside an explicit development environment', () => {
  // Fail closed: a deployed process with NODE_ENV unset or `test` must not show the outbox's codes.
  for (const nodeEnv of ['production', 'test', undefined]) {
    it(`answers 404 with NODE_ENV=${nodeEnv ?? '(unset)'}`, async () => {
      vi.stubEnv('NODE_ENV', nodeEnv)
      vi.stubEnv('SESSION_SECRET', 'x'.repeat(32))
      vi.stubEnv('EDGE_SECRET', 'y'.repeat(32))
      vi.resetModules()

      const { env } = await import('#app/lib/platform/env.server')
      expect(env.isDevelopment).toBe(false)
      const { loader } = await import('#app/routes/dev')

      const response = await thrownResponse(loader(routeArgs('/dev')))
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('')
    })
  }
})
