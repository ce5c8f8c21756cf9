import { parseWithZod, getZodConstraint } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { CODE_LENGTH } from '#app/lib/identity/code-length'
import {
  createAuthenticator,
  failureMessage,
  failureOf,
  findUserByIdentifier,
  normaliseIdentifier,
  strategyRequest,
} from '#app/lib/identity/auth.server'
import { sendSignInCodeFor } from '#app/lib/identity/sign-in-delivery.server'
import { countryFromRequest, countryOptions, toCountryCode } from '#app/lib/identity/phone'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import { connectFailureNotice, signInProviders } from '#app/lib/identity/oauth.server'
import { revokeMagicLinks } from '#app/lib/identity/magic-links.server'
import { LIMITS, hit, limitCodeSending } from '#app/lib/platform/rate-limit.server'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { afterSignIn, getSession, sessionStorage, startSession } from '#app/lib/http/session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { readForm } from '#app/lib/http/form-body.server'

const redirectTo = z.string().optional()

/** Step 1: who to send a code to. Messages are translation keys. */
export type SendCodeFields = z.input<typeof SendCodeSchema>
export type VerifyCodeFields = z.input<typeof VerifyCodeSchema>

export const SendCodeSchema = z.object({
  intent: z.literal('send'),
  identifier: z
    .string({ required_error: 'auth:errors.identifierRequired' })
    .trim()
    .min(1, 'auth:errors.identifierRequired')
    .max(320, 'auth:errors.identifierInvalid'),
  country: z.string().length(2).optional(),
  redirectTo,
})

/** Step 2: the code that arrived. */
export const VerifyCodeSchema = z.object({
  intent: z.literal('verify'),
  code: z.string({ required_error: 'auth:errors.codeRequired' }).trim().length(CODE_LENGTH, 'auth:errors.codeLength'),
  redirectTo,
})

const authenticator = createAuthenticator(sendSignInCodeFor)

export async function signInLoader(args: LoaderFunctionArgs) {
  const { request } = args
  const session = await getSession(request)
  const url = new URL(request.url)
  const target = safeRedirect(url.searchParams.get('redirectTo'), '')
  // The strategy has verified a code and left the user here: make it an identity of this browser.
  const userId = session.get('user')
  if (userId) {
    // The code is spent: the links mailed with it (or before it) must not sign in again later.
    await revokeMagicLinks(userId)
    throw await startSession(session, userId, afterSignIn(target))
  }
  const pending = session.get('auth:email') ?? null
  // A flash (the resend's confirmation) is read once: committing the session drops it.
  const notice = (session.get('notice') as TranslationKey | undefined) ?? null
  const headers = notice ? { 'Set-Cookie': await sessionStorage.commitSession(session) } : undefined
  // Back from a social sign-in that failed (/connect/{provider}): the page says so, with a 4xx.
  const connectFailure = connectFailureNotice(url.searchParams)
  return data(
    {
      messages: await routeMessages(args, 'auth'),
      pending,
      notice,
      providers: signInProviders(),
      connectFailure,
      // The country list is built here (the phone metadata would be heavy in the browser bundle),
      // and only for the step that shows it.
      countries: pending ? [] : countryOptions(await resolveLanguage(request)),
      redirectTo: target,
      defaultCountry: countryFromRequest(request.headers.get('Accept-Language')),
      constraints: { send: getZodConstraint(SendCodeSchema), verify: getZodConstraint(VerifyCodeSchema) },
    },
    { headers, status: connectFailure?.status ?? 200 },
  )
}

export async function signInAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const intent = form.get('intent')
  // The mailed link's destination comes from the address (sign-in-delivery.server.ts): a too-long
  // one must answer 400 here, before the strategy, which would turn it into a 500.
  safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '')
  const target = safeRedirect(form.get('redirectTo'), '')
  const here = `/sign-in${target ? `?redirectTo=${encodeURIComponent(target)}` : ''}`
  const session = await getSession(request)

  if (intent === 'cancel') {
    session.unset('auth:email')
    session.unset('auth:otp')
    return redirect(here, { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
  }

  if (intent === 'resend') {
    const identifier = session.get('auth:email')
    if (!identifier) return redirect(here)
    const limited = await rateLimitSending(identifier, context.clientAddress)
    if (limited) return data({ intent, result: null, error: limited.error }, { status: 429 })
    return authenticate(strategyRequest(request, new URLSearchParams({ redirectTo: target })), here, 'resend')
  }

  if (intent === 'verify') {
    const submission = parseWithZod(form, { schema: VerifyCodeSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    const { allowed, retryAfterSeconds } = await hit(LIMITS.verificationsPerAddress, context.clientAddress)
    if (!allowed) return data({ intent, result: submission.reply(), ...tooMany(retryAfterSeconds) }, { status: 429 })
    const body = new URLSearchParams({ code: submission.value.code.toUpperCase() })
    return authenticate(strategyRequest(request, body), here, 'verify', submission.reply())
  }

  const submission = parseWithZod(form, { schema: SendCodeSchema })
  if (submission.status !== 'success')
    return data({ intent: 'send', result: submission.reply(), error: null }, { status: 400 })
  const country = toCountryCode(submission.value.country, countryFromRequest(request.headers.get('Accept-Language')))
  const identifier = normaliseIdentifier(submission.value.identifier, country)
  if (!identifier) {
    return data(
      {
        intent: 'send',
        result: submission.reply({ fieldErrors: { identifier: ['auth:errors.identifierInvalid'] } }),
        error: null,
      },
      { status: 400 },
    )
  }
  const limited = await rateLimitSending(identifier, context.clientAddress)
  if (limited) return data({ intent: 'send', result: submission.reply(), ...limited }, { status: 429 })
  // A send while another code is pending (the identifier form kept in history, another tab) starts
  // over with what was typed: left in the session, the strategy would resend to the old identifier.
  if (session.has('auth:email') || session.has('auth:otp')) {
    session.unset('auth:email')
    session.unset('auth:otp')
    await sessionStorage.commitSession(session)
  }
  return authenticate(strategyRequest(request, new URLSearchParams({ identifier })), here, 'send', submission.reply())
}

/**
 * Runs the OTP strategy. Success is a redirect (code sent, or code verified); any failure comes back
 * as the product's message with what was typed kept, and status 400 (bad input) or 404 (no account).
 */
async function authenticate(
  request: Request,
  here: string,
  intent: 'send' | 'resend' | 'verify',
  result: unknown = null,
) {
  try {
    await authenticator.authenticate('otp', request, { successRedirect: here })
    return redirect(here)
  } catch (error) {
    if (error instanceof Response) throw intent === 'resend' ? await withNotice(error, 'auth:signIn.resent') : error
    const failure = failureOf(error)
    const message =
      intent === 'resend' && failure !== 'user.notFound' ? 'auth:errors.resendFailed' : failureMessage(failure)
    return data(
      { intent, result, error: { message, accountNotFound: failure === 'user.notFound' } },
      {
        status: failure === 'user.notFound' ? 404 : failure === 'unknown' ? 500 : 400,
      },
    )
  }
}

/** The strategy's redirect again, with a notice the next page shows once (JavaScript or not). */
async function withNotice(response: Response, notice: TranslationKey) {
  const session = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
  session.flash('notice', notice)
  return redirect(response.headers.get('Location') ?? '/sign-in', {
    headers: { 'Set-Cookie': await sessionStorage.commitSession(session) },
  })
}

async function rateLimitSending(identifier: string, clientAddress: string) {
  // The account's daily cap counts by account, so its email and its phone share one.
  const account = (await findUserByIdentifier(identifier))?.id ?? identifier
  const refusal = await limitCodeSending({ identifier, account, clientAddress })
  return refusal ? { error: { ...refusal, accountNotFound: false } } : null
}

function tooMany(retryAfterSeconds: number) {
  return {
    error: {
      message: 'auth:errors.tooMany' as const,
      minutes: Math.ceil(retryAfterSeconds / 60),
      accountNotFound: false,
    },
  }
}
