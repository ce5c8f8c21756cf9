// Matchers for what the route tests check again and again (registered in tests/integration/setup.ts):
//   expect(response).toRedirectTo('/demo/settings')      a redirect (3xx) to exactly that address, or one matching a RegExp
//   await expect(response).toHaveFlash({ message })      the flash the redirect carries to the next page (the fields named)
import { expect } from 'vitest'
import { flashOf } from './flash'

type Flash = Partial<NonNullable<Awaited<ReturnType<typeof flashOf>>>>

interface HearthMatchers<R = unknown> {
  toRedirectTo: (location: string | RegExp) => R
  toHaveFlash: (flash: Flash) => Promise<R>
}

declare module 'vitest' {
  interface Matchers<T = any> extends HearthMatchers<T> {}
}

const isResponse = (value: unknown): value is Response => value instanceof Response

expect.extend({
  toRedirectTo(received: unknown, location: string | RegExp) {
    if (!isResponse(received))
      return { pass: false, message: () => `expected a Response, got ${this.utils.stringify(received)}` }
    const actual = received.headers.get('Location')
    const redirects = received.status >= 300 && received.status < 400
    const matches = actual !== null && (typeof location === 'string' ? actual === location : location.test(actual))
    return {
      pass: redirects && matches,
      message: () =>
        `expected ${this.isNot ? 'no ' : 'a '}redirect to ${this.utils.printExpected(location)}, ` +
        `got status ${received.status} with Location ${this.utils.printReceived(actual)}`,
    }
  },
  async toHaveFlash(received: unknown, flash: Flash) {
    if (!isResponse(received))
      return { pass: false, message: () => `expected a Response, got ${this.utils.stringify(received)}` }
    const actual = await flashOf(received)
    return {
      pass: actual !== null && this.equals(actual, expect.objectContaining(flash)),
      message: () => `expected the flash ${this.utils.printExpected(flash)}, got ${this.utils.printReceived(actual)}`,
    }
  },
})
