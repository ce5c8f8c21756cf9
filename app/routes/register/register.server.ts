import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { CODE_LENGTH, createVerificationAuthenticator, failureMessage, failureOf, strategyRequest } from '#app/lib/auth.server'
import { registerCommunity } from '#app/lib/community-registration.server'
import { env } from '#app/lib/env.server'
import { resolveLanguage } from '#app/lib/i18n.server'
import { LIMITS, hit } from '#app/lib/rate-limit.server'
import { getSession, sessionStorage, startSession } from '#app/lib/session.server'
import { sendSignInCode } from '#app/lib/sign-in-messages.server'

/** Step 1 (spec §5): full name with first and last name, a valid email, a community name of 2+. */
export const RegisterSchema = z.object({
  intent: z.literal('details'),
  fullName: z
    .string({ required_error: 'auth:errors.fullNameRequired' })
    .trim()
    .min(2, 'auth:errors.fullNameRequired')
    .max(255)
    .refine((name) => name.split(/\s+/).filter(Boolean).length >= 2, 'auth:errors.fullNameRequired'),
  emailAddress: z
    .string({ required_error: 'auth:errors.emailRequired' })
    .trim()
    .toLowerCase()
    .email('auth:errors.emailRequired')
    .max(320),
  communityName: z
    .string({ required_error: 'auth:errors.communityNameRequired' })
    .trim()
    .min(2, 'auth:errors.communityNameRequired')
    .max(255),
})

/** Step 2: the verification code sent to that email. */
export const RegisterCodeSchema = z.object({
  intent: z.literal('verify'),
  code: z.string({ required_error: 'auth:errors.codeRequired' }).trim().length(CODE_LENGTH, 'auth:errors.codeLength'),
})

export type RegisterFields = z.input<typeof RegisterSchema>
export type RegisterCodeFields = z.input<typeof RegisterCodeSchema>

const authenticator = createVerificationAuthenticator(async ({ identifier, code, request }) => {
  // The mail's button returns to this page, where the code goes in.
  const link = `${env.PUBLIC_URL}/register`
  await sendSignInCode({ channel: 'mail', to: identifier, code, link, language: await resolveLanguage(request), brand: null })
})

export async function registerLoader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request)
  const registration = session.get('registration')
  const verified = session.get('verify:identifier')
  // The email is proven: create the community and sign its owner in, then go there.
  if (registration && verified) {
    const { brand, owner } = await registerCommunity({
      ...registration,
      emailAddress: verified,
      language: await resolveLanguage(request),
    })
    session.unset('registration')
    session.unset('verify:identifier')
    throw await startSession(session, owner.id, `/${brand.slug}`)
  }
  return {
    pending: registration && session.get('verify:email') ? { ...registration, emailAddress: session.get('verify:email')! } : null,
    constraints: { details: getZodConstraint(RegisterSchema), verify: getZodConstraint(RegisterCodeSchema) },
  }
}

export async function registerAction({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData()
  const intent = form.get('intent')
  const session = await getSession(request)

  if (intent === 'cancel') {
    for (const key of ['registration', 'verify:email', 'verify:otp'] as const) session.unset(key)
    return redirect('/register', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
  }

  if (intent === 'verify') {
    const submission = parseWithZod(form, { schema: RegisterCodeSchema })
    if (submission.status !== 'success') return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    const { allowed } = await hit(LIMITS.verificationsPerAddress, context.clientAddress)
    if (!allowed) return data({ intent, result: submission.reply(), error: { message: 'auth:errors.tooMany' as const, minutes: 15 } }, { status: 429 })
    return verify(request, new URLSearchParams({ code: submission.value.code }), intent, submission.reply())
  }

  const submission = parseWithZod(form, { schema: RegisterSchema })
  if (submission.status !== 'success') return data({ intent: 'details', result: submission.reply(), error: null }, { status: 400 })
  for (const [limit, subject] of [
    [LIMITS.codesPerIdentifier, submission.value.emailAddress],
    [LIMITS.codesPerAddress, context.clientAddress],
  ] as const) {
    const { allowed, retryAfterSeconds } = await hit(limit, subject)
    if (!allowed) {
      const error = { message: 'auth:errors.tooMany' as const, minutes: Math.ceil(retryAfterSeconds / 60) }
      return data({ intent: 'details', result: submission.reply(), error }, { status: 429 })
    }
  }
  // The strategy keeps the email; the name and community wait in the session for the code.
  const { fullName, communityName, emailAddress } = submission.value
  const response = await verify(request, new URLSearchParams({ identifier: emailAddress }), 'details', submission.reply())
  if (!(response instanceof Response) || response.status !== 302) return response
  const next = await sessionStorage.getSession(response.headers.get('Set-Cookie'))
  next.set('registration', { fullName, communityName })
  return redirect('/register', { headers: { 'Set-Cookie': await sessionStorage.commitSession(next) } })
}

async function verify(request: Request, body: URLSearchParams, intent: string, result: unknown) {
  try {
    await authenticator.authenticate('verify', strategyRequest(request, body), { successRedirect: '/register' })
    return redirect('/register')
  } catch (error) {
    if (error instanceof Response) return error
    const failure = failureOf(error)
    return data({ intent, result, error: { message: failureMessage(failure), minutes: 0 } }, { status: failure === 'unknown' ? 500 : 400 })
  }
}
