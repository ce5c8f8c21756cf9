import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'

/** What Remix hands a loader or action: a real Request, the route params and a fresh load context. */
export function routeArgs(
  path: string,
  params: Record<string, string> = {},
  init?: RequestInit,
): LoaderFunctionArgs & ActionFunctionArgs {
  return {
    request: new Request(new URL(path, 'http://localhost'), init),
    params,
    context: { cache: new Map(), clientAddress: '127.0.0.1' },
  }
}

/** A POSTed HTML form, as the browser sends it. */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return routeArgs(path, {}, { method: 'POST', body: new URLSearchParams(fields), headers })
}

/**
 * What a loader threw (a redirect or an error Response); fails the test when it returned instead.
 * Pass a function for a loader that throws synchronously (a plain, non-async function).
 */
export async function thrownBy(work: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof work === 'function' ? work() : work)
  } catch (error) {
    return error
  }
  throw new Error('expected the loader to throw, but it returned')
}

/** The Response a loader threw; fails when it threw something else. */
export async function thrownResponse(work: Promise<unknown> | (() => unknown)): Promise<Response> {
  const error = await thrownBy(work)
  if (!(error instanceof Response)) throw new Error(`expected a thrown Response, got ${String(error)}`)
  return error
}
