// The JSON API's one wrapper (docs/decisions/0008-json-api.md): a call under /api/ runs the same
// guards as the pages (guards.server.ts) and the same commands, and this module turns what they
// throw into JSON. A guard's redirect becomes 401 (sign in), 403 (refused) or 404 (not found); a
// bare refusal of readJson (400, 413, 415) keeps its status; a call's own refusal (ApiRefusal)
// carries the product's message. Every error body is `{ error, message }`: `error` a stable code,
// `message` its text in the requester's language.
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { ID_PATTERN } from '#models/ids'
import { Brand } from '#models/index'
import { withTokenCap, type TokenCap } from '#models/token-cap'
import { bearerSecret, tokenOf } from '../api-tokens/api-tokens.server'
import { isRefusal } from '../communities/access-refusal'
import type { TranslationKey, TranslationValues } from '../i18n/i18n'
import { resolveLanguage, translatorFor } from '../i18n/i18n.server'
import { LIMITS, hit } from '../platform/rate-limit.server'
import { readJson } from './form-body.server'
import type { GuardArgs } from './guards.server'
import { viewer } from './session.server'

export type ApiArgs = Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>

/** A call's refusal: the HTTP status, and the translation key its code and message come from. */
export class ApiRefusal extends Error {
  override name = 'ApiRefusal'
  constructor(
    readonly status: number,
    readonly key: TranslationKey,
    readonly values: TranslationValues = {},
    /** What the body says besides `{ error, message }` (a free link to take instead of a taken one). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(key)
  }
  /** For a 429: when to try again (the Retry-After header). */
  retryAfterSeconds?: number
  /** The key's last part (`posts:errors.missingContextRoom` → `missingContextRoom`): stable across languages. */
  get code() {
    return this.key.slice(this.key.lastIndexOf('.') + 1)
  }
}

export const refuse = (
  status: number,
  key: TranslationKey,
  values?: TranslationValues,
  details?: Record<string, unknown>,
) => new ApiRefusal(status, key, values, details)

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** A JSON answer that no shared cache keeps (every call answers for one signed-in person). */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE })
}

const BARE: Record<number, TranslationKey> = {
  400: 'api:errors.badRequest',
  401: 'api:errors.unauthorized',
  403: 'api:errors.forbidden',
  404: 'api:errors.notFound',
  405: 'api:errors.methodNotAllowed',
  413: 'api:errors.tooLarge',
  415: 'api:errors.notJson',
  429: 'api:errors.tooManyRequests',
}

/** What a guard or a body reader threw, as the call's refusal; null for what is not a refusal (a failure stays a 500). */
function asRefusal(thrown: unknown): ApiRefusal | null {
  if (thrown instanceof ApiRefusal) return thrown
  if (!(thrown instanceof Response)) return null
  const location = thrown.headers.get('Location')
  if (location !== null && thrown.status >= 300 && thrown.status < 400) {
    const { pathname } = new URL(location, 'http://hearth.invalid')
    // Signed out: the private page's prompt or the sign-in page. Signed in and refused: access denied.
    if (pathname === '/sign-in' || pathname === '/private') return refuse(401, 'api:errors.unauthorized')
    return isRefusal(location) ? refuse(403, 'api:errors.forbidden') : refuse(404, 'api:errors.notFound')
  }
  const key = BARE[thrown.status]
  return key ? refuse(thrown.status, key) : null
}

/**
 * A resource route's loader or action: the handler's value answered as JSON (or its own Response),
 * and every refusal as `{ error, message }` with its status. A call with `Authorization: Bearer …`
 * runs as the token's owner, inside the token's cap (models/token-cap.ts); a token that does not work is 401.
 */
export function apiCall(handler: (args: ApiArgs) => Promise<unknown>) {
  return async (args: ApiArgs): Promise<Response> => {
    const secret = bearerSecret(args.request)
    if (secret === null) return answer(args, handler)
    const caller = await tokenCaller(args, secret)
    if (caller instanceof ApiRefusal) {
      const response = await refusalAnswer(args, caller)
      if (caller.status === 401) response.headers.set('WWW-Authenticate', 'Bearer error="invalid_token"')
      return response
    }
    return withTokenCap(caller, () => answer(args, handler))
  }
}

async function answer(args: ApiArgs, handler: (args: ApiArgs) => Promise<unknown>): Promise<Response> {
  try {
    const result = await handler(args)
    return result instanceof Response ? result : json(result)
  } catch (thrown) {
    const refusal = asRefusal(thrown)
    if (!refusal) throw thrown
    return refusalAnswer(args, refusal)
  }
}

async function refusalAnswer(args: ApiArgs, refusal: ApiRefusal): Promise<Response> {
  const t = await requesterT(args)
  const response = json(
    { ...refusal.details, error: refusal.code, message: t(refusal.key, refusal.values) },
    refusal.status,
  )
  if (refusal.retryAfterSeconds) response.headers.set('Retry-After', String(refusal.retryAfterSeconds))
  return response
}

/**
 * The cap a token's call runs in, or why it may not run: the token does not work (401), it only reads
 * and the call writes (403), or it has made too many calls (429, per token).
 */
async function tokenCaller(args: ApiArgs, secret: string): Promise<TokenCap | ApiRefusal> {
  const found = secret ? await tokenOf(secret, args.context.clientAddress) : null
  if (!found) return refuse(401, 'api:errors.tokenInvalid')
  const { token, user } = found
  if (token.scope === 'read' && !['GET', 'HEAD'].includes(args.request.method.toUpperCase()))
    return refuse(403, 'api:errors.tokenReadOnly')
  const { allowed, retryAfterSeconds } = await hit(LIMITS.apiCallsPerToken, token.id)
  if (!allowed) return Object.assign(refuse(429, 'api:errors.tooManyRequests'), { retryAfterSeconds })
  return { user, scope: token.scope, brandId: token.brandId }
}

/** The translator of the requester's language: their own choice when signed in, else their browser's. */
export async function requesterT(args: ApiArgs) {
  const { user } = await viewer(args.request, args.context)
  return translatorFor(await resolveLanguage(args.request, { preferredLanguage: user?.preferredLanguage }))
}

/** One call, by method: a resource route's action answers the writes it has, 405 for others. */
export function byMethod(handlers: Partial<Record<'POST' | 'PUT' | 'DELETE', (args: ApiArgs) => Promise<unknown>>>) {
  return apiCall(async (args) => {
    const handler = handlers[args.request.method.toUpperCase() as 'POST' | 'PUT' | 'DELETE']
    if (!handler) throw refuse(405, 'api:errors.methodNotAllowed')
    return handler(args)
  })
}

/** 405 for a method the route does not answer: the loader of a route that only writes, the action of one that only reads. */
export const methodNotAllowed = apiCall(async () => {
  throw refuse(405, 'api:errors.methodNotAllowed')
})

/** A zod issue's message when it is one of ours (a translation key), else the general bad request. */
function issueKey(issues: readonly z.ZodIssue[]): TranslationKey {
  const message = issues[0]?.message ?? ''
  return (/^[a-z][A-Za-z]*:[\w.]+$/.test(message) ? message : 'api:errors.badRequest') as TranslationKey
}

/** A value read with a call's schema, or 400 with the first problem's message. */
export function checked<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw refuse(400, issueKey(parsed.error.issues))
  return parsed.data
}

/** The query string read with the call's schema, or 400 with the first problem's message. */
export function readQuery<S extends z.ZodTypeAny>(request: Request, schema: S): z.output<S> {
  return checked(schema, Object.fromEntries(new URL(request.url).searchParams))
}

/**
 * The JSON body read with the call's schema: `Content-Type: application/json` only (a cross-site
 * form cannot send it, so no form on another site can write through the API), within the form
 * limit; otherwise 415, 413 or 400. `fromAddress` adds what the call's address names (a post's id).
 */
export async function readBody<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  fromAddress: Record<string, unknown> = {},
): Promise<z.output<S>> {
  const body = await readJson(request)
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw refuse(400, 'api:errors.notAnObject')
  // What the address names (a post's id) is the address's, whatever the body says.
  return checked(schema, { ...body, ...fromAddress })
}

/**
 * The arguments the page guards take, for the community a call names by id (`brandId`) or through
 * a record it names (a post, a conversation): the guards then decide exactly as on that
 * community's pages. An unknown community is a 404.
 */
export async function inCommunity(args: ApiArgs, brandId: string | null | undefined): Promise<GuardArgs> {
  const brand =
    brandId && ID_PATTERN.test(brandId)
      ? await Brand.findOne({ attributes: ['slug'], where: { id: brandId, status: 'active' } })
      : null
  if (!brand) throw refuse(404, 'api:errors.communityNotFound')
  return { ...args, params: { brand: brand.slug } }
}
