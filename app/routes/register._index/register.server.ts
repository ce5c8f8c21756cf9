import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { createVerificationAuthenticator } from '#app/lib/identity/auth.server'
import { registerCommunity } from '#app/lib/communities/community-registration.server'
import { env } from '#app/lib/platform/env.server'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import { getSession, sessionStorage, startSession } from '#app/lib/http/session.server'
import { sendSignInCode } from '#app/lib/identity/sign-in-messages.server'
import { checkSignupCode, isFailure, sendSignupCode } from '#app/lib/identity/signup-codes.server'
import { emailAddressField, fullNameField, SignupCodeSchema } from '#app/lib/identity/signup-fields.server'
import { beginSignup, forgetPendingSignups, pendingSignups } from '#app/lib/identity/signup-session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { readForm } from '#app/lib/http/form-body.server'

/** Step 1: full name with first and last name, a valid email, a community name of 2+. */
export const RegisterSchema = z.object({
  intent: z.literal('details'),
  fullName: fullNameField(),
  emailAddress: emailAddressField(),
  communityName: z
    .string({ required_error: 'auth:errors.communityNameRequired' })
    .trim()
    .min(2, 'auth:errors.communityNameRequired')
    .max(255),
})

/** Step 2: the verification code sent to that email. */
export type RegisterFields = z.input<typeof RegisterSchema>

const authenticator = createVerificationAuthenticator(async ({ identifier, code, request }) => {
  // The mail's button returns to this page, where the code goes in.
  const link = `${env.PUBLIC_URL}/register`
  await sendSignInCode({
    channel: 'mail',
    to: identifier,
    code,
    link,
    language: await resolveLanguage(request),
    brand: null,
  })
})

export async function registerLoader(args: LoaderFunctionArgs) {
  const { request } = args
  const session = await getSession(request)
  const registration = pendingSignups.registration.get(session)
  const verified = session.get('verify:identifier')
  // The email is proven: create the community and sign its owner in, then go there.
  if (registration && verified) {
    const { brand, owner } = await registerCommunity({
      ...registration,
      emailAddress: verified,
      language: await resolveLanguage(request),
    })
    pendingSignups.registration.unset(session)
    session.unset('verify:identifier')
    throw await startSession(session, owner.id, `/${brand.slug}`)
  }
  return {
    messages: await routeMessages(args, 'auth', 'signup'),
    pending:
      registration && session.get('verify:email')
        ? { ...registration, emailAddress: session.get('verify:email')! }
        : null,
    constraints: { details: getZodConstraint(RegisterSchema), verify: getZodConstraint(SignupCodeSchema) },
  }
}

export async function registerAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const intent = form.get('intent')
  const session = await getSession(request)

  if (intent === 'cancel') {
    forgetPendingSignups(session)
    return redirect('/register', { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
  }

  if (intent === 'verify') {
    const submission = parseWithZod(form, { schema: SignupCodeSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    // The proven address waits in the session; the loader creates the community on the way back.
    const checked = await checkSignupCode(authenticator, { request, context, code: submission.value.code })
    if (isFailure(checked))
      return data({ intent, result: submission.reply(), error: checked.error }, { status: checked.status })
    return redirect('/register', { headers: { 'Set-Cookie': await sessionStorage.commitSession(checked.session) } })
  }

  const submission = parseWithZod(form, { schema: RegisterSchema })
  if (submission.status !== 'success')
    return data({ intent: 'details', result: submission.reply(), error: null }, { status: 400 })
  // The strategy keeps the email; the name and community wait in the session for the code.
  const { fullName, communityName, emailAddress } = submission.value
  const sent = await sendSignupCode(authenticator, { request, context, emailAddress })
  if (isFailure(sent))
    return data({ intent: 'details', result: submission.reply(), error: sent.error }, { status: sent.status })
  beginSignup(sent.session, 'registration')
  pendingSignups.registration.set(sent.session, { fullName, communityName })
  return redirect('/register', { headers: { 'Set-Cookie': await sessionStorage.commitSession(sent.session) } })
}
