// Calling a JSON API route as a client does: a real Request with the signed-in cookie (or none), a
// JSON body (or a multipart one), through the route's own loader or action; the answer read back.
import type { User } from '#models/index'
import { routeArgs } from './route-args'
import { signedInCookie } from './session'

type Handler = (args: ReturnType<typeof routeArgs>) => Promise<Response>

export type ApiAnswer = { status: number; body: any }

export async function apiCall(
  handler: Handler,
  path: string,
  options: {
    as?: Pick<User, 'id'> | null
    method?: string
    body?: unknown
    params?: Record<string, string>
    headers?: Record<string, string>
  } = {},
): Promise<ApiAnswer> {
  const headers = new Headers(options.headers)
  if (options.as) headers.set('Cookie', await signedInCookie(options.as.id))
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  }
  const response = await handler(
    routeArgs(path, options.params ?? {}, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body }),
  )
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}
