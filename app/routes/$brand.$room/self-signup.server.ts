import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { UniqueConstraintError } from 'sequelize'
import { z } from 'zod'
import type { Brand, User } from '#models/index'
import { createVerificationAuthenticator, findUserByIdentifier } from '#app/lib/identity/auth.server'
import { findBrand } from '#app/lib/communities/brands.server'
import { SIGNUP_PREFIX, isSelfSignupRoom, signupPath } from '#app/lib/identity/signup-links'
import { answersSchema, type FormSteps } from '#app/lib/forms/form-definition'
import { signupAnswers } from '#app/lib/communities/signup-answers'
import { acceptTermsField, communityTerms } from '#app/lib/communities/terms.schema'
import { signupQuestions } from '#app/lib/settings/signup-link.server'
import {
  afterJoining,
  createAccountAndJoin,
  joinCommunity,
  membershipStatus,
  moderatesMembers,
  signupLinkMatches,
  type SignupGiven,
} from '#app/lib/communities/community-membership.server'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import { getSession, sessionStorage, startSession, viewer, withSession } from '#app/lib/http/session.server'
import { codeBackToPage } from '#app/lib/identity/sign-in-delivery.server'
import { checkSignupCode, isFailure, sendSignupCode, type SignupError } from '#app/lib/identity/signup-codes.server'
import { emailAddressField, fullNameField, SignupCodeSchema } from '#app/lib/identity/signup-fields.server'
import { beginSignup, forgetPendingSignups, pendingSignups } from '#app/lib/identity/signup-session.server'
import { AccountExists } from '#app/lib/identity/verified-accounts.server'
import { countryFromRequest, countryOptions, isMobilePhone, parsePhone, toCountryCode } from '#app/lib/identity/phone'
import { pageLanguage, routeMessages } from '#app/lib/i18n/page-language.server'
import { readForm } from '#app/lib/http/form-body.server'

/**
 * /{brand}/signup-{signupHash}: joining a community through its sign-up link. Only a community that
 * allows sign-ups and issued this link answers; anything else is a plain 404, so the page never
 * tells a visitor which communities exist or take sign-ups. A visitor gives a name and email, then
 * the mailed code; a signed-in person just joins. With member moderation they land on
 * {brand}/signup-successful to wait for approval, without it in the community.
 *
 * What the community asks besides (docs/admin-guide.md#the-sign-up-link):
 * - requireMemberPhoneNumber: a mobile number, proved by a texted code after the mailed one (a
 *   signed-in person whose account has a number has proved it already);
 * - terms (communityToS, communityPP): accepted with a box, the time kept on the membership;
 * - questions (customSignUp, customSignUpForm): answered on the same page, kept on the membership
 *   for the admins who approve.
 *
 * The meeting route ($brand_.$room/route.tsx) hands requests whose room starts with "signup-" here.
 */

/** What a community's sign-up asks for besides a name and an email. */
type Asks = { phone: boolean; terms: boolean; questions: FormSteps }

const asksOf = (brand: Brand, user: User | null): Asks => ({
  phone: brand.requireMemberPhoneNumber && !user?.phoneNumber,
  terms: communityTerms(brand) !== null,
  questions: signupQuestions(brand),
})

// Always in the schemas (so the form keeps them); required where the community asks. Each is checked
// on its own, so one left out is reported with the others; the number's validity needs the country
// too, so it is checked once the form is otherwise whole.
const answerShape = (asks: Asks) => ({
  phoneNumber: z
    .string()
    .trim()
    .max(64, 'account:errors.phoneInvalid')
    .optional()
    .refine((value) => !asks.phone || Boolean(value), 'signup:errors.phoneRequired'),
  country: z.string().trim().max(2).optional(),
  acceptTerms: acceptTermsField(asks.terms, 'signup:errors.termsRequired'),
})
type Answers = { phoneNumber?: string; country?: string; acceptTerms?: boolean }

const phoneRule = (asks: Asks) => (value: Answers, ctx: z.RefinementCtx) => {
  if (asks.phone && value.phoneNumber && !isMobilePhone(value.phoneNumber, toCountryCode(value.country)))
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'account:errors.phoneInvalid' })
}

// The questions' answers under `answers.`, so no question's name meets the page's own fields. A
// form with every answer empty posts no `answers` at all: the default lets each required one say so.
// (Typed as plain answers: each community's questions are its own.)
const questionsField = (asks: Asks) =>
  answersSchema(asks.questions).default({}) as unknown as z.ZodType<
    Record<string, unknown>,
    z.ZodTypeDef,
    Record<string, unknown> | undefined
  >

export const selfSignupDetailsSchema = (asks: Asks) =>
  z
    .object({
      intent: z.literal('details'),
      fullName: fullNameField(),
      emailAddress: emailAddressField(),
      ...answerShape(asks),
      answers: questionsField(asks),
    })
    .superRefine(phoneRule(asks))
export type SelfSignupDetailsFields = z.input<ReturnType<typeof selfSignupDetailsSchema>>

export const selfSignupJoinSchema = (asks: Asks) =>
  z
    .object({ intent: z.literal('join'), ...answerShape(asks), answers: questionsField(asks) })
    .superRefine(phoneRule(asks))
export type SelfSignupJoinFields = z.input<ReturnType<typeof selfSignupJoinSchema>>

/** What the person gave besides who they are: the terms (the form required them where asked), the answers. */
const givenOf = (asks: Asks, value: { answers?: Record<string, unknown> }): SignupGiven => ({
  termsAccepted: asks.terms,
  answers: signupAnswers(asks.questions, value.answers),
})

/** The number as stored (E.164), when the community asks for one. */
const e164Of = (asks: Asks, value: Answers) =>
  asks.phone && value.phoneNumber ? parsePhone(value.phoneNumber, toCountryCode(value.country)).e164 : null

const notFound = () => new Response(null, { status: 404, statusText: 'Not Found' })

async function signupBrand({ params, context }: Pick<LoaderFunctionArgs, 'params' | 'context'>) {
  if (!isSelfSignupRoom(params.room)) throw notFound()
  const hash = params.room!.slice(SIGNUP_PREFIX.length)
  const brand = await findBrand(context, params.brand)
  if (!brand || !signupLinkMatches(brand, hash)) throw notFound()
  return { brand, path: signupPath(brand.slug, hash) }
}

const authenticator = createVerificationAuthenticator(codeBackToPage('join'))

export async function selfSignupLoader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
  const { brand } = await signupBrand({ params, context })
  const { user, session } = await viewer(request, context)
  const asks = asksOf(brand, user)
  const common = {
    messages: await routeMessages(args, 'auth', 'signup', 'account', 'forms', 'registration'),
    kind: 'selfSignup' as const,
    community: { name: brand.name, slug: brand.slug },
    moderated: moderatesMembers(brand),
    asks,
    terms: communityTerms(brand),
    countries: asks.phone ? countryOptions(await pageLanguage(args)) : [],
    defaultCountry: countryFromRequest(request.headers.get('Accept-Language')),
    constraints: {
      details: getZodConstraint(selfSignupDetailsSchema(asks)),
      join: getZodConstraint(selfSignupJoinSchema(asks)),
      verify: getZodConstraint(SignupCodeSchema),
    },
    signedInAs: user ? (user.name ?? user.emailAddress ?? '') : null,
    codeSentTo: null as string | null,
  }
  const pending = pendingSignups.join.get(session)
  const codeSentTo = pending?.brandId === brand.id ? session.get('verify:email') : undefined
  if (pending && codeSentTo && codeSentTo === pending.phoneNumber && provedBefore(pending, user)) {
    return { ...common, step: 'phoneCode' as const, codeSentTo: parsePhone(codeSentTo).international || codeSentTo }
  }
  if (user) {
    const status = await membershipStatus(user.id, brand.id)
    if (status !== 'none') throw redirect(await afterJoining(brand, status))
    return { ...common, step: 'join' as const }
  }
  if (codeSentTo) return { ...common, step: 'code' as const, codeSentTo }
  return { ...common, step: 'details' as const }
}

type Pending = NonNullable<ReturnType<typeof pendingSignups.join.get>>

/** A texted code is the last step: the person proved their email before it, or is signed in as who asked. */
const provedBefore = (pending: Pending, user: User | null) =>
  Boolean(pending.emailAddress) || (Boolean(pending.userId) && pending.userId === user?.id)

/** The answer to a form that came back with errors: 400, what was typed, and a message over the form. */
const refused = (
  intent: string,
  result: unknown,
  error: SignupError | null = null,
  status = 400,
  init?: ResponseInit,
) => data({ intent, result, error }, { ...init, status })

const PHONE_TAKEN = { phoneNumber: ['account:errors.phoneTaken'] }
const PHONE_TAKEN_NOTICE: SignupError = { message: 'account:errors.phoneTaken', minutes: 0 }

export async function selfSignupAction(args: ActionFunctionArgs) {
  const { request, params, context } = args
  const { brand, path } = await signupBrand({ params, context })
  const form = await readForm(request)
  const intent = form.get('intent')
  const session = await getSession(request)
  const { user } = await viewer(request, context)
  const asks = asksOf(brand, user)

  /** Texts the code that proves the number, keeping what the sign-up waits for in the session. */
  const textCode = async (pending: Pending, replyIntent: string, reply: () => unknown) => {
    const sent = await sendSignupCode(authenticator, { request, context, emailAddress: pending.phoneNumber! })
    if (isFailure(sent)) {
      // The number got an account since the form was checked.
      const taken = sent.error.message === 'auth:errors.accountExists'
      return refused(replyIntent, reply(), taken ? PHONE_TAKEN_NOTICE : sent.error, taken ? 409 : sent.status)
    }
    beginSignup(sent.session, 'join')
    pendingSignups.join.set(sent.session, pending)
    return redirect(path, await withSession(sent.session))
  }

  if (intent === 'cancel') {
    forgetPendingSignups(session)
    return redirect(path, await withSession(session))
  }

  if (intent === 'join') {
    if (!user) return redirect(path)
    const submission = parseWithZod(form, { schema: selfSignupJoinSchema(asks) })
    if (submission.status !== 'success') return refused('join', submission.reply())
    const signup = givenOf(asks, submission.value)
    const phoneNumber = e164Of(asks, submission.value)
    if (!phoneNumber) return redirect(await afterJoining(brand, await joinCommunity(brand, user.id, { signup })))
    if (await findUserByIdentifier(phoneNumber)) return refused('join', submission.reply({ fieldErrors: PHONE_TAKEN }))
    const pending = { brandId: brand.id, fullName: user.name ?? '', phoneNumber, signup, userId: user.id }
    return textCode(pending, 'join', () => submission.reply())
  }

  if (intent === 'verify') {
    const pending = pendingSignups.join.get(session)
    if (pending?.brandId !== brand.id) return redirect(path)
    const submission = parseWithZod(form, { schema: SignupCodeSchema })
    if (submission.status !== 'success') return refused(intent, submission.reply())
    const phoneStep = session.get('verify:email') === pending.phoneNumber && provedBefore(pending, user)
    const checked = await checkSignupCode(authenticator, { request, context, code: submission.value.code })
    if (isFailure(checked)) return refused(intent, submission.reply(), checked.error, checked.status)
    const proved = checked.session.get('verify:identifier')!
    // The mailed code proved the email; a number still to prove gets its texted code now.
    if (!phoneStep && pending.phoneNumber) {
      // Stored before the text goes: sending reads this browser's session afresh from the database.
      pendingSignups.join.set(checked.session, { ...pending, emailAddress: proved })
      await sessionStorage.commitSession(checked.session)
      return textCode({ ...pending, emailAddress: proved }, intent, () => submission.reply())
    }
    return finishJoining(brand, pending, proved, checked.session, request, user, () => submission.reply())
  }

  const submission = parseWithZod(form, { schema: selfSignupDetailsSchema(asks) })
  if (submission.status !== 'success') return refused('details', submission.reply())
  const phoneNumber = e164Of(asks, submission.value)
  if (phoneNumber && (await findUserByIdentifier(phoneNumber)))
    return refused('details', submission.reply({ fieldErrors: PHONE_TAKEN }))
  const sent = await sendSignupCode(authenticator, { request, context, emailAddress: submission.value.emailAddress })
  if (isFailure(sent)) return refused('details', submission.reply(), sent.error, sent.status)
  beginSignup(sent.session, 'join')
  pendingSignups.join.set(sent.session, {
    brandId: brand.id,
    fullName: submission.value.fullName,
    phoneNumber,
    signup: givenOf(asks, submission.value),
  })
  return redirect(path, await withSession(sent.session))
}

/**
 * Every code came back: a visitor gets their account (with the number, if proved) and their place,
 * and is signed in; a signed-in person gets the number on their account and their place.
 */
async function finishJoining(
  brand: Brand,
  pending: Pending,
  proved: string,
  session: Awaited<ReturnType<typeof getSession>>,
  request: Request,
  user: User | null,
  reply: () => unknown,
) {
  const phoneNumber = pending.phoneNumber ?? null
  const { signup } = pending
  forgetPendingSignups(session)
  try {
    if (user && pending.userId === user.id) {
      await user.update({ phoneNumber })
      const status = await joinCommunity(brand, user.id, { signup })
      return redirect(await afterJoining(brand, status), await withSession(session))
    }
    const { user: created, status } = await createAccountAndJoin(brand, {
      fullName: pending.fullName,
      emailAddress: pending.emailAddress ?? proved,
      phoneNumber,
      signup,
      language: await resolveLanguage(request, { communityLanguage: brand.communityLanguage }),
    })
    return await startSession(session, created.id, await afterJoining(brand, status))
  } catch (error) {
    // The email or number got an account between the code and now: nothing was made.
    if (!(error instanceof AccountExists || error instanceof UniqueConstraintError)) throw error
    const phoneTaken = phoneNumber && (await findUserByIdentifier(phoneNumber))
    const failure: SignupError = phoneTaken ? PHONE_TAKEN_NOTICE : { message: 'auth:errors.accountExists', minutes: 0 }
    return refused('verify', reply(), failure, 409, await withSession(session))
  }
}
