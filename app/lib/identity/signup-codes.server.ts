import type { AppLoadContext } from '@remix-run/node'
import type { Authenticator } from 'remix-auth'
import { failureMessage, failureOf, strategyRequest } from './auth.server'
import type { TranslationKey } from '../i18n/i18n'
import { LIMITS, hit, limitCodeSending } from '../platform/rate-limit.server'
import { getSession, sessionStorage, type AppSession } from '../http/session.server'

/**
 * The two halves of proving an email address while signing up (a community, a personal room, a
 * place in a community), around an authenticator from createVerificationAuthenticator: send a code
 * (rate-limited per address, per client and per account a day), then check it (rate-limited per client). Either gives
 * back the session the strategy wrote, or what to tell the person and the status to answer with.
 */

export type SignupError = { message: TranslationKey; minutes: number }
export type SignupFailure = { status: number; error: SignupError }
type Outcome = { session: AppSession } | SignupFailure

export async function sendSignupCode(
  authenticator: Authenticator<string>,
  { request, context, emailAddress }: { request: Request; context: AppLoadContext; emailAddress: string },
): Promise<Outcome> {
  // No account yet: the address it will be made for stands for it in the daily cap.
  const refusal = await limitCodeSending({
    identifier: emailAddress,
    account: emailAddress,
    clientAddress: context.clientAddress,
  })
  if (refusal) return { status: 429, error: refusal }
  // The strategy reads what this browser left in the session: an address proven earlier (a sign-up
  // that then failed) makes it skip sending, and a code still pending makes it resend to that
  // code's address instead of this one. A new code starts clean; the old one dies with its session key.
  const current = await getSession(request)
  const leftovers = (['verify:identifier', 'verify:email', 'verify:otp'] as const).filter((key) => current.has(key))
  if (leftovers.length) {
    for (const key of leftovers) current.unset(key)
    await sessionStorage.commitSession(current)
  }
  return run(authenticator, request, new URLSearchParams({ identifier: emailAddress }))
}

/** On success the session holds the proven address under `verify:identifier`. */
export async function checkSignupCode(
  authenticator: Authenticator<string>,
  { request, context, code }: { request: Request; context: AppLoadContext; code: string },
): Promise<Outcome> {
  const { allowed, retryAfterSeconds } = await hit(LIMITS.verificationsPerAddress, context.clientAddress)
  if (!allowed)
    return { status: 429, error: { message: 'auth:errors.tooMany', minutes: Math.ceil(retryAfterSeconds / 60) } }
  return run(authenticator, request, new URLSearchParams({ code }))
}

export const isFailure = (outcome: Outcome): outcome is SignupFailure => 'error' in outcome

async function run(authenticator: Authenticator<string>, request: Request, body: URLSearchParams): Promise<Outcome> {
  try {
    // Both steps end in a redirect carrying the session; where to is the caller's business.
    await authenticator.authenticate('verify', strategyRequest(request, body), { successRedirect: '/' })
  } catch (error) {
    if (error instanceof Response && error.status === 302) {
      return { session: await sessionStorage.getSession(error.headers.get('Set-Cookie')) }
    }
    if (error instanceof Response) throw error
    const failure = failureOf(error)
    return { status: failure === 'unknown' ? 500 : 400, error: { message: failureMessage(failure), minutes: 0 } }
  }
  throw new Error('the verification strategy returned without redirecting')
}
