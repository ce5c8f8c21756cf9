import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { createVerificationAuthenticator } from '#app/lib/identity/auth.server'
import { findBrand } from '#app/lib/communities/brands.server'
import { SIGNUP_PREFIX, isSelfSignupRoom, signupPath } from '#app/lib/identity/signup-links'
import {
  afterJoining,
  createAccountAndJoin,
  joinCommunity,
  membershipStatus,
  moderatesMembers,
  signupLinkMatches,
} from '#app/lib/communities/community-membership.server'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import { getSession, startSession, viewer, withSession } from '#app/lib/http/session.server'
import { mailCodeBackToPage } from '#app/lib/identity/sign-in-delivery.server'
import { checkSignupCode, isFailure, sendSignupCode, type SignupError } from '#app/lib/identity/signup-codes.server'
import { emailAddressField, fullNameField, SignupCodeSchema } from '#app/lib/identity/signup-fields.server'
import { beginSignup, forgetPendingSignups, pendingSignups } from '#app/lib/identity/signup-session.server'
import { AccountExists } from '#app/lib/identity/verified-accounts.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { readForm } from '#app/lib/http/form-body.server'

/**
 * /{brand}/signup-{signupHash}: joining a community through its sign-up link. Only a community that
 * allows sign-ups and issued this link answers; anything else is a plain 404, so the page never
 * tells a visitor which communities exist or take sign-ups. A visitor gives a name and email, then
 * the mailed code; a signed-in person just joins. With member moderation they land on
 * {brand}/signup-successful to wait for approval, without it in the community.
 *
 * The meeting route ($brand_.$room/route.tsx) hands requests whose room starts with "signup-" here.
 */

export const SelfSignupDetailsSchema = z.object({
  intent: z.literal('details'),
  fullName: fullNameField(),
  emailAddress: emailAddressField(),
})
export type SelfSignupDetailsFields = z.input<typeof SelfSignupDetailsSchema>

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

async function signupBrand({ params, context }: Pick<LoaderFunctionArgs, 'params' | 'context'>) {
  if (!isSelfSignupRoom(params.room)) throw notFound()
  const hash = params.room!.slice(SIGNUP_PREFIX.length)
  const brand = await findBrand(context, params.brand)
  if (!brand || !signupLinkMatches(brand, hash)) throw notFound()
  return { brand, path: signupPath(brand.slug, hash) }
}

const authenticator = createVerificationAuthenticator(mailCodeBackToPage)

export async function selfSignupLoader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
  const { brand } = await signupBrand({ params, context })
  const common = {
    messages: await routeMessages(args, 'auth', 'signup'),
    kind: 'selfSignup' as const,
    community: { name: brand.name, slug: brand.slug },
    moderated: moderatesMembers(brand),
    constraints: { details: getZodConstraint(SelfSignupDetailsSchema), verify: getZodConstraint(SignupCodeSchema) },
  }
  const { user, session } = await viewer(request, context)
  if (user) {
    const status = await membershipStatus(user.id, brand.id)
    if (status !== 'none') throw redirect(afterJoining(brand.slug, status))
    return { ...common, step: 'join' as const, signedInAs: user.name ?? user.emailAddress ?? '', emailAddress: null }
  }
  const pending = pendingSignups.join.get(session)
  const emailAddress = session.get('verify:email')
  if (pending?.brandId === brand.id && emailAddress) {
    return { ...common, step: 'code' as const, signedInAs: null, emailAddress }
  }
  return { ...common, step: 'details' as const, signedInAs: null, emailAddress: null }
}

export async function selfSignupAction({ request, params, context }: ActionFunctionArgs) {
  const { brand, path } = await signupBrand({ params, context })
  const form = await readForm(request)
  const intent = form.get('intent')
  const session = await getSession(request)

  if (intent === 'cancel') {
    forgetPendingSignups(session)
    return redirect(path, await withSession(session))
  }

  if (intent === 'join') {
    const { user } = await viewer(request, context)
    if (!user) return redirect(path)
    return redirect(afterJoining(brand.slug, await joinCommunity(brand, user.id)))
  }

  if (intent === 'verify') {
    const pending = pendingSignups.join.get(session)
    if (pending?.brandId !== brand.id) return redirect(path)
    const submission = parseWithZod(form, { schema: SignupCodeSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    const checked = await checkSignupCode(authenticator, { request, context, code: submission.value.code })
    if (isFailure(checked))
      return data({ intent, result: submission.reply(), error: checked.error }, { status: checked.status })
    try {
      const { user, status } = await createAccountAndJoin(brand, {
        fullName: pending.fullName,
        emailAddress: checked.session.get('verify:identifier')!,
        language: await resolveLanguage(request, { communityLanguage: brand.communityLanguage }),
      })
      return await startSession(checked.session, user.id, afterJoining(brand.slug, status))
    } catch (error) {
      if (!(error instanceof AccountExists)) throw error
      forgetPendingSignups(checked.session)
      const failure: SignupError = { message: 'auth:errors.accountExists', minutes: 0 }
      return data(
        { intent, result: submission.reply(), error: failure },
        { status: 409, ...(await withSession(checked.session)) },
      )
    }
  }

  const submission = parseWithZod(form, { schema: SelfSignupDetailsSchema })
  if (submission.status !== 'success')
    return data({ intent: 'details', result: submission.reply(), error: null }, { status: 400 })
  const sent = await sendSignupCode(authenticator, { request, context, emailAddress: submission.value.emailAddress })
  if (isFailure(sent))
    return data({ intent: 'details', result: submission.reply(), error: sent.error }, { status: sent.status })
  beginSignup(sent.session, 'join')
  pendingSignups.join.set(sent.session, { brandId: brand.id, fullName: submission.value.fullName })
  return redirect(path, await withSession(sent.session))
}
