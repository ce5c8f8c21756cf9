import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getSession, sessionCookie } from '#app/lib/http/session.server'
import type { Flash } from '#app/lib/http/flash.server'
import { flashOf } from './flash'
import { signedInCookie } from './session'

/** What a loader or action came to, as the browser sees it. */
export type Outcome = {
  status: number
  location: string | null
  data: any
  setCookie: string | null
  flash: Flash | null
  headers: Headers
}

type RouteFunction = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown

let addresses = 0

/**
 * A browser for route tests: its session cookie, carried from one request to the next, and a client
 * address of its own (so per-address rate limits do not pile up across tests). Every request goes
 * through the route module's loader or action exactly as Remix would call it.
 */
export class TestBrowser {
  readonly address = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`

  constructor(public cookie: string | null = null) {}

  /** A browser signed in as these users (the first current), of whichever kind it is called on. */
  static async signedIn<T extends typeof TestBrowser>(this: T, ...userIds: string[]): Promise<InstanceType<T>> {
    return new this(await signedInCookie(...userIds)) as InstanceType<T>
  }

  /** The loader or action's arguments for a request to `path`, carrying the cookie; `fields` makes it a form POST. */
  args(
    path: string,
    { fields, params = {} }: { fields?: Record<string, string>; params?: Record<string, string> } = {},
  ) {
    const headers = new Headers(this.cookie ? { Cookie: this.cookie } : {})
    const init: RequestInit = fields ? { method: 'POST', body: new URLSearchParams(fields), headers } : { headers }
    return {
      request: new Request(new URL(path, 'http://localhost'), init),
      params,
      context: { cache: new Map(), clientAddress: this.address },
    }
  }

  /** What the route function returned or threw (a redirect), keeping any cookie it set. */
  run(route: RouteFunction, path: string, options?: Parameters<TestBrowser['args']>[1]): Promise<Outcome> {
    return this.settle(route(this.args(path, options)))
  }

  session() {
    return getSession(this.args('/').request)
  }

  /** The id of this browser's session row, read from the signed cookie. */
  async sessionId(): Promise<string | null> {
    return this.cookie ? ((await sessionCookie.parse(this.cookie)) as string | null) : null
  }

  private async settle(work: unknown): Promise<Outcome> {
    let value: unknown
    try {
      value = await work
    } catch (error) {
      if (!(error instanceof Response)) throw error
      value = error
    }
    // Besides a Response, a route may return what `data(value, init)` makes: Remix turns it into one.
    const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null }
    const withInit = wrapped?.type === 'DataWithResponseInit'
    const headers =
      value instanceof Response ? value.headers : new Headers(withInit ? (wrapped.init?.headers ?? {}) : {})
    // The cookie a route sets (the session, a guest's id) is carried on; a flash message (its own
    // cookie) is read off the outcome instead.
    const setCookie = headers.getSetCookie().find((header) => !header.startsWith('__flash=')) ?? null
    const flash = await flashOf(new Response(null, { headers }))
    if (setCookie) {
      const pair = setCookie.split(';')[0]!
      // A destroyed session comes back as an empty, expired cookie: the browser drops it.
      this.cookie = /^__session=$/.test(pair) || /Expires=Thu, 01 Jan 1970/i.test(setCookie) ? null : pair
    }
    if (value instanceof Response) {
      // A resource route's JSON answer, read as its script would.
      const data = value.headers.get('Content-Type')?.includes('application/json') ? await value.json() : null
      return { status: value.status, location: value.headers.get('Location'), data, setCookie, flash, headers }
    }
    if (withInit)
      return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data, setCookie, flash, headers }
    return { status: 200, location: null, data: value, setCookie, flash, headers }
  }
}
