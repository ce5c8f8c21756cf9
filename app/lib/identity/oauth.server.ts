import { createHash, createHmac, randomBytes } from 'node:crypto'
import { redirect, type Session, type SessionStorage } from '@remix-run/node'
import { Authenticator, AuthorizationError, type AuthenticateOptions } from 'remix-auth'
import { OAuth2Strategy, type OAuth2Profile } from 'remix-auth-oauth2'
import { Op, UniqueConstraintError } from 'sequelize'
import { z } from 'zod'
import { OAuthAccount, User } from '#models/index'
import { env, type OAuthProvider } from '../platform/env.server'
import type { TranslationKey } from '../i18n/i18n'
import { resolveLanguage } from '../i18n/i18n.server'
import { logger } from '../platform/logger.server'
import { safeRedirect } from '../http/safe-redirect'
import { afterSignIn, getSession, sessionStorage, startSession, withSession } from '../http/session.server'

/**
 * Social sign-in (`/connect/{provider}`) with remix-auth-oauth2 against the providers configured in
 * OAUTH_PROVIDERS. One path does both halves: without `code`, `state` or `error` in the query it
 * starts the flow (state in the session, PKCE, off to the provider's authorize URL); with them it is
 * the provider's callback (state checked, code exchanged, userinfo read, user found or created).
 *
 * Who the person is: an existing link (provider, subject) signs its user in. Otherwise the provider
 * must vouch for the email address (`email_verified: true` in userinfo): Hearth then links the
 * account with that address, or creates one. There is no "trust this provider's emails" switch on
 * purpose: a provider that hands out unverified addresses would let anyone take over the account
 * of the address they type in, and every OIDC provider worth linking sends the claim.
 */

/** The session key remix-auth-oauth2 v1 keeps its state under (private in its types). */
const STATE_KEY = 'oauth2:state'
const USERINFO_TIMEOUT_MS = 10_000

export const CONNECT_FAILURES = ['failed', 'emailUnverified', 'emailLinked'] as const
export type ConnectFailure = (typeof CONNECT_FAILURES)[number]

/** What the sign-in page shows for each failure, and its status (the page renders with it). */
const FAILURE_NOTICES = {
  failed: { message: 'auth:connect.failed', status: 401 },
  emailUnverified: { message: 'auth:connect.emailUnverified', status: 401 },
  emailLinked: { message: 'auth:connect.emailLinked', status: 409 },
} as const satisfies Record<ConnectFailure, { message: TranslationKey; status: number }>

/** A refusal of ours (as opposed to the provider failing), carried through the strategy as the cause. */
class ConnectRefusal extends Error {
  constructor(readonly reason: ConnectFailure) {
    super(reason)
  }
}

/** The providers the sign-in page offers, in configuration order. */
export function signInProviders(): Array<{ name: string; label: string }> {
  return env.oauthProviders.map(({ name, label }) => ({ name, label }))
}

export function findProvider(name: string | null | undefined): OAuthProvider | null {
  return env.oauthProviders.find((provider) => provider.name === name) ?? null
}

/**
 * The sign-in page's notice after a failed social sign-in (`?connect=reason&provider=name`), or
 * null. Only known reasons and configured providers are read, so the query cannot put words there.
 */
export function connectFailureNotice(query: URLSearchParams) {
  const reason = query.get('connect') as ConnectFailure | null
  const provider = findProvider(query.get('provider'))
  if (!reason || !CONNECT_FAILURES.includes(reason) || !provider) return null
  return { ...FAILURE_NOTICES[reason], provider: { name: provider.name, label: provider.label } }
}

/**
 * Runs one step of the flow for `/connect/{name}` and throws the Response that ends it: to the
 * provider, to the stored redirect signed in, or back to /sign-in with a try-again message. An
 * unknown provider is a 404.
 */
export async function connect(request: Request, name: string | undefined): Promise<never> {
  const provider = findProvider(name)
  if (!provider) throw new Response(null, { status: 404, statusText: 'Not Found' })
  // A strategy per request: it carries this request's PKCE verifier into the token exchange.
  const authenticator = new Authenticator<string>(sessionStorage, { throwOnError: true, sessionKey: 'oauth:user' })
  authenticator.use(new ConnectStrategy(provider), provider.name)
  let userId: string
  try {
    userId = await authenticator.authenticate(provider.name, request)
  } catch (error) {
    if (error instanceof Response) throw error
    throw await refuse(request, provider, error)
  }
  const session = await getSession(request)
  throw await startSession(session, userId, afterSignIn(session.get('redirectTo')))
}

type ConnectProfile = OAuth2Profile & { id: string; email: string | null; emailVerified: boolean }

/** What is read from userinfo. Anything malformed beyond the subject is treated as absent. */
const UserInfo = z.object({
  sub: z.union([z.string().trim().min(1).max(255), z.number().int().transform(String)]),
  email: z.string().trim().toLowerCase().email().max(320).optional().catch(undefined),
  // Some providers send the claim as a string.
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional()
    .catch(undefined),
  name: z.string().trim().max(255).optional().catch(undefined),
  given_name: z.string().trim().max(120).optional().catch(undefined),
  family_name: z.string().trim().max(120).optional().catch(undefined),
})

class ConnectStrategy extends OAuth2Strategy<string, ConnectProfile, Record<string, unknown>> {
  private verifier: string | null = null

  constructor(private readonly provider: OAuthProvider) {
    super(
      {
        clientID: provider.clientId,
        clientSecret: provider.clientSecret,
        authorizationURL: provider.authorizeUrl,
        tokenURL: provider.tokenUrl,
        // Absolute, from PUBLIC_URL: behind a proxy the request's own host is not the public one.
        callbackURL: `${env.PUBLIC_URL}/connect/${provider.name}`,
        scope: provider.scopes.join(' '),
      },
      ({ profile, request }) => userFor(provider.name, profile, request),
    )
    this.name = provider.name
  }

  override async authenticate(
    request: Request,
    storage: SessionStorage,
    options: AuthenticateOptions,
  ): Promise<string> {
    const query = new URL(request.url).searchParams
    if (!query.has('code') && !query.has('state') && !query.has('error')) return this.start(request, storage)
    const state = query.get('state')
    this.verifier = state ? pkceVerifier(state) : null
    return super.authenticate(request, storage, options)
  }

  /**
   * The first half, written here because remix-auth-oauth2 v1 starts a flow only on a path other
   * than its callback's, and sends no PKCE challenge: a fresh state in the session, the redirect to
   * come back to, and off to the provider.
   */
  private async start(request: Request, storage: SessionStorage): Promise<never> {
    const session = await storage.getSession(request.headers.get('Cookie'))
    const state = randomBytes(24).toString('base64url')
    session.set(STATE_KEY, state)
    session.set('redirectTo', safeRedirect(new URL(request.url).searchParams.get('redirectTo'), ''))
    const url = new URL(this.provider.authorizeUrl)
    url.searchParams.set('response_type', 'code')
    url.searchParams.set('client_id', this.provider.clientId)
    url.searchParams.set('redirect_uri', `${env.PUBLIC_URL}/connect/${this.provider.name}`)
    url.searchParams.set('scope', this.provider.scopes.join(' '))
    url.searchParams.set('state', state)
    url.searchParams.set('code_challenge', createHash('sha256').update(pkceVerifier(state)).digest('base64url'))
    url.searchParams.set('code_challenge_method', 'S256')
    throw redirect(url.toString(), { headers: { 'Set-Cookie': await storage.commitSession(session) } })
  }

  protected override tokenParams(): URLSearchParams {
    return new URLSearchParams(this.verifier ? { code_verifier: this.verifier } : {})
  }

  protected override async userProfile(accessToken: string): Promise<ConnectProfile> {
    const response = await fetch(this.provider.userInfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`)
    const info = UserInfo.safeParse(await response.json().catch(() => null))
    if (!info.success) throw new Error('userinfo has no subject')
    const { sub, email, email_verified, name, given_name, family_name } = info.data
    const displayName = name || [given_name, family_name].filter(Boolean).join(' ') || undefined
    return {
      provider: this.provider.name,
      id: sub,
      displayName,
      email: email ?? null,
      emailVerified: email_verified === true,
    }
  }
}

/**
 * The PKCE verifier of a flow, derived from its state with the session secret: nothing more to
 * keep in the session, and whoever sees the state (it travels in URLs) still cannot compute it.
 */
function pkceVerifier(state: string): string {
  return createHmac('sha256', env.SESSION_SECRET).update(`oauth-pkce:${state}`).digest('base64url')
}

/** The user behind a provider's account: its link, else the account with its verified email, else a new one. */
async function userFor(provider: string, profile: ConnectProfile, request: Request, retried = false): Promise<string> {
  const linked = await OAuthAccount.findOne({ where: { provider, subject: profile.id } })
  if (linked) {
    // The subject is what the provider vouches for; the address is only kept current.
    if (profile.email && profile.emailVerified && linked.email !== profile.email)
      await linked.update({ email: profile.email })
    return linked.userId
  }
  const email = profile.emailVerified ? profile.email : null
  if (!email) throw new ConnectRefusal('emailUnverified')
  const existing = await User.findOne({ where: { emailAddress: email } })
  const taken = await OAuthAccount.count({
    where: { provider, [Op.or]: [{ email }, ...(existing ? [{ userId: existing.id }] : [])] },
  })
  if (taken) throw new ConnectRefusal('emailLinked')
  try {
    return await OAuthAccount.sequelize!.transaction(async (transaction) => {
      const user =
        existing ??
        (await User.create(
          {
            name: profile.displayName ?? null,
            emailAddress: email,
            verified: true,
            preferredLanguage: await resolveLanguage(request),
          },
          { transaction },
        ))
      await OAuthAccount.create({ provider, subject: profile.id, userId: user.id, email }, { transaction })
      return user.id
    })
  } catch (error) {
    // The same person's callback in another tab got there first: what it made stands.
    if (error instanceof UniqueConstraintError && !retried) return userFor(provider, profile, request, true)
    throw error
  }
}

// remix-auth-oauth2's own failure messages: safe to log (a provider's error body may not be).
const STRATEGY_MESSAGES = new Set([
  'Missing state on URL.',
  'Missing state on session.',
  "State doesn't match.",
  'Missing code.',
])

/**
 * Back to /sign-in with the reason, keeping where the person was going. The state is dropped, so
 * the same callback cannot be replayed. Logged without codes, tokens or the provider's answers.
 */
async function refuse(request: Request, provider: OAuthProvider, error: unknown): Promise<Response> {
  const cause = error instanceof AuthorizationError ? error.cause : error
  const reason: ConnectFailure = cause instanceof ConnectRefusal ? cause.reason : 'failed'
  const message = error instanceof Error ? error.message : ''
  const providerError = new URL(request.url).searchParams.get('error')
  logger.warn(
    {
      provider: provider.name,
      reason,
      detail:
        cause instanceof ConnectRefusal
          ? undefined
          : STRATEGY_MESSAGES.has(message)
            ? message
            : 'provider exchange failed',
      providerError: providerError && /^[a-z_]{1,64}$/.test(providerError) ? providerError : undefined,
    },
    'social sign-in refused',
  )
  const session = await getSession(request)
  const stored = session.get('redirectTo')
  const query = new URLSearchParams({ connect: reason, provider: provider.name })
  if (stored) query.set('redirectTo', stored)
  const to = `/sign-in?${query}`
  // A callback with no session behind it (a stray or forged link) leaves nothing to clean up.
  if (!session.id) return redirect(to)
  session.unset('redirectTo')
  ;(session as unknown as Session).unset(STATE_KEY)
  return redirect(to, await withSession(session))
}
