import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import type { Brand, CommunityEvent, Room, User } from '#models/index'
import { answerFields, answersSchema, type FormSteps } from '#app/lib/forms/form-definition'
import { createAddressProofAuthenticator } from '#app/lib/identity/auth.server'
import { codeBackToPage } from '#app/lib/identity/sign-in-delivery.server'
import { checkSignupCode, isFailure, sendSignupCode } from '#app/lib/identity/signup-codes.server'
import { codeField, emailAddressField, fullNameField, SignupCodeSchema } from '#app/lib/identity/signup-fields.server'
import { findOrCreateVerifiedUser } from '#app/lib/identity/verified-accounts.server'
import { formDefaults, stepAnswers } from '#app/lib/events/registration-answers'
import { requireRegistrationEvent } from '#app/lib/events/registration-page.server'
import { findRegistration, register, registrationState, savedAnswers } from '#app/lib/events/registration.server'
import { readFormSteps } from '#app/lib/forms/forms.server'
import { registrationCutoff, termsToAccept } from '#app/lib/events/registration-rules'
import { acceptTermsField, type CommunityTerms } from '#app/lib/communities/terms.schema'
import { checkPhoneCode, dialable, sendPhoneCode, type PhoneCheck } from '#app/lib/events/registration-phone.server'
import { LIMITS, hit } from '#app/lib/platform/rate-limit.server'
import { flashHeader, redirectWithFlash } from '#app/lib/http/flash.server'
import { readForm } from '#app/lib/http/form-body.server'
import { getSession, sessionSlot, startSession, withSession, type AppSession } from '#app/lib/http/session.server'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * `/{brand}/events/{room}/register`: one step of the registration form per page, no JavaScript
 * needed. The answers given so far wait in the (server-side) session, each step re-checked on the
 * server when posted and all of them again before the registration is made. A visitor gives a name
 * and email (first, when the form asks neither), proves the address with a mailed code, and is
 * then found or created, signed in and registered.
 *
 * Where the community links terms or a privacy policy (termsToAccept), the form that registers
 * (the last step; the "about you" one when the event asks no questions) has the box that accepts
 * them; the acceptance waits in the session with the answers and its time is kept on the
 * registration.
 */

type Pending = {
  roomId: string
  /** Parsed answers of the steps done so far, by field name. */
  values: Record<string, unknown>
  /** How many steps are done (answered and checked). */
  done: number
  about?: { fullName: string; emailAddress: string }
  /** The code went out: the page asks for it. */
  awaitingCode?: boolean
  /** A visitor's address, proven by the mailed code. */
  provenEmail?: string
  /** Mobile-phone fields whose SMS-consent box is ticked. */
  smsConsent?: string[]
  /** The SMS code waiting to be typed back, and the number it proved. */
  phoneCheck?: PhoneCheck
  phoneVerified?: string
  /** The community's terms were accepted (on the form that registers). */
  termsAccepted?: boolean
}
const pending = sessionSlot<Pending>('event:registration')

const PhoneCodeSchema = z.object({ intent: z.literal('verifyPhone'), code: codeField() })

const TERMS_REQUIRED = 'registration:errors.termsRequired'

/** Name and email; with no questions to ask it is the form that registers, so it has the terms box. */
const aboutSchema = (steps: FormSteps, terms: CommunityTerms | null) =>
  z.object({
    intent: z.literal('about'),
    fullName: fullNameField(),
    emailAddress: emailAddressField(),
    acceptTerms: acceptTermsField(Boolean(terms) && !steps.length, TERMS_REQUIRED),
  })

/** A step's answers; the last step (or the lone form of an event that asks nothing) has the terms box. */
const stepSchema = (steps: FormSteps, step: number, terms: CommunityTerms | null) =>
  answersSchema(steps, step).extend({
    acceptTerms: acceptTermsField(Boolean(terms) && step >= steps.length - 1, TERMS_REQUIRED),
  })
const StepIntent = z.object({ intent: z.literal('step'), step: z.coerce.number().int().min(0).max(50) })

const authenticator = createAddressProofAuthenticator(codeBackToPage('register'))

/** The number to prove: the first mobile-phone answer whose consent box is ticked. */
function consentedPhone(steps: FormSteps, flow: Pending): string | null {
  for (const field of answerFields(steps)) {
    const value = flow.values[field.name]
    if (
      field.type === 'mobilePhone' &&
      flow.smsConsent?.includes(field.name) &&
      typeof value === 'string' &&
      value.trim()
    )
      return value
  }
  return null
}

/** A form that asks for a name and an email itself needs no "about you" step. */
function asksIdentity(steps: FormSteps) {
  const fields = answerFields(steps)
  return {
    name: fields.find((field) => field.type === 'fullName' && field.required),
    email: fields.find((field) => field.type === 'email' && field.required),
  }
}

function identityOf(steps: FormSteps, state: Pending): { fullName: string; emailAddress: string } | null {
  if (state.about) return state.about
  const { name, email } = asksIdentity(steps)
  const fullName = name ? state.values[name.name] : undefined
  const emailAddress = email ? state.values[email.name] : undefined
  return typeof fullName === 'string' && typeof emailAddress === 'string' ? { fullName, emailAddress } : null
}

/** The flow in progress; for someone registered already, their saved answers with every step open. */
function pendingFor(
  session: AppSession,
  roomId: string,
  registered: { values: Record<string, unknown>; steps: number } | null,
): Pending {
  const state = pending.get(session)
  if (state?.roomId === roomId) return state
  return registered ? { roomId, values: registered.values, done: registered.steps } : { roomId, values: {}, done: 0 }
}

/** The registration form's steps (none when the event asks no questions). */
const stepsOf = async (room: Pick<Room, 'brandId'>, event: Pick<CommunityEvent, 'registrationFormId'>) =>
  (await readFormSteps(room.brandId, event.registrationFormId)) ?? []

export async function registerLoader(args: LoaderFunctionArgs) {
  const { brand, user, room, event, eventPath } = await requireRegistrationEvent(args)
  if (!event.registrationEnabled) throw redirect(eventPath)
  const session = await getSession(args.request)
  const [steps, state, saved] = await Promise.all([
    stepsOf(room, event),
    registrationState(room, event, user?.id ?? null),
    savedAnswers(event.registrationFormId, user?.id ?? null),
  ])
  const flow = pendingFor(session, room.id, state.status ? { values: saved, steps: steps.length } : null)
  const terms = termsStillAsked(brand, state.registration, flow)
  const { name, email } = asksIdentity(steps)
  const needsAbout = !user && !(name && email) && !flow.about
  const requested = Number(new URL(args.request.url).searchParams.get('step') ?? flow.done)
  const step = Math.max(
    0,
    Math.min(Number.isInteger(requested) ? requested : 0, flow.done, Math.max(steps.length - 1, 0)),
  )
  const stage = state.closed
    ? 'closed'
    : flow.phoneCheck
      ? 'phone'
      : !user && flow.awaitingCode
        ? 'code'
        : needsAbout
          ? 'about'
          : 'step'
  const cutoff = registrationCutoff(event, room)
  return {
    messages: await routeMessages(args, 'registration', 'forms', 'auth'),
    brandSlug: brand.slug,
    communityName: brand.name,
    eventPath,
    event: {
      name: room.name ?? room.slug,
      slug: room.slug,
      startsAt: room.startsAt?.toISOString() ?? null,
      timeZone: room.timeZone || 'UTC',
      cutoff: cutoff?.toISOString() ?? null,
    },
    stage,
    closed: state.closed,
    status: state.status,
    signedInAs: user ? user.name || user.emailAddress || '' : null,
    emailAddress: stage === 'code' ? (identityOf(steps, flow)?.emailAddress ?? null) : null,
    phone: stage === 'phone' ? (flow.phoneCheck?.phone ?? null) : null,
    smsConsent: flow.smsConsent ?? [],
    terms,
    step,
    stepCount: steps.length,
    fields: steps[step] ?? [],
    defaults: formDefaults(steps[step] ?? [], { ...saved, ...flow.values }),
    constraints: {
      step: getZodConstraint(stepSchema(steps, step, terms)),
      about: getZodConstraint(aboutSchema(steps, terms)),
      code: getZodConstraint(SignupCodeSchema),
      phone: getZodConstraint(PhoneCodeSchema),
    },
  }
}

export async function registerAction(args: ActionFunctionArgs) {
  const { request, context } = args
  const { brand, user, room, event, eventPath } = await requireRegistrationEvent(args)
  if (!event.registrationEnabled) throw redirect(eventPath)
  const here = `${eventPath}/register`
  const form = await readForm(request)
  const intent = form.get('intent')
  const session = await getSession(request)
  const steps = await stepsOf(room, event)
  const registered = user ? await findRegistration(room.id, user.id) : null
  const flow = pendingFor(
    session,
    room.id,
    registered ? { values: await savedAnswers(event.registrationFormId, user!.id), steps: steps.length } : null,
  )
  const terms = termsStillAsked(brand, registered, flow)
  const scene: Scene = { brand, user, room, eventPath, here, steps, terms: termsToAccept(brand, registered) }

  if (intent === 'cancel') {
    pending.unset(session)
    for (const key of ['verify:email', 'verify:otp', 'verify:identifier'] as const) session.unset(key)
    return redirect(here, await withSession(session))
  }

  if (intent === 'about') {
    const submission = parseWithZod(form, { schema: aboutSchema(steps, terms) })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    const { fullName, emailAddress, acceptTerms } = submission.value
    const next: Pending = {
      ...flow,
      about: { fullName, emailAddress },
      termsAccepted: accepted(flow, terms, acceptTerms),
    }
    if (steps.length) {
      pending.set(session, next)
      return redirect(`${here}?step=0`, await withSession(session))
    }
    return sendCode(args, session, next, steps, here)
  }

  if (intent === 'verify') {
    if (!flow.awaitingCode) return redirect(here)
    const submission = parseWithZod(form, { schema: SignupCodeSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    const checked = await checkSignupCode(authenticator, { request, context, code: submission.value.code })
    if (isFailure(checked))
      return data({ intent, result: submission.reply(), error: checked.error }, { status: checked.status })
    return finish(args, scene, checked.session, {
      ...flow,
      awaitingCode: false,
      provenEmail: checked.session.get('verify:identifier')!,
    })
  }

  if (intent === 'verifyPhone') {
    if (!flow.phoneCheck) return redirect(here)
    const submission = parseWithZod(form, { schema: PhoneCodeSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null }, { status: 400 })
    const { allowed, retryAfterSeconds } = await hit(LIMITS.verificationsPerAddress, context.clientAddress)
    if (!allowed)
      return data(
        {
          intent,
          result: submission.reply(),
          error: { message: 'auth:errors.tooMany' as const, minutes: Math.ceil(retryAfterSeconds / 60) },
        },
        { status: 429 },
      )
    const checked = checkPhoneCode(flow.phoneCheck, submission.value.code)
    if (!checked.ok) {
      pending.set(session, { ...flow, phoneCheck: checked.check })
      return data(
        { intent, result: submission.reply(), error: { message: 'auth:errors.invalidCode' as const, minutes: 0 } },
        { status: 400, ...(await withSession(session)) },
      )
    }
    return finish(args, scene, session, { ...flow, phoneCheck: undefined, phoneVerified: checked.check.phone })
  }

  if (intent !== 'step') return data({ intent: 'step', result: null, error: null }, { status: 400 })
  const which = StepIntent.safeParse({ intent, step: form.get('step') })
  const step = which.success ? which.data.step : -1
  if (step < 0 || (steps.length > 0 && step >= steps.length) || step > flow.done) return redirect(here)
  const submission = parseWithZod(form, { schema: stepSchema(steps, step, terms) })
  if (submission.status !== 'success') return data({ intent, result: submission.reply(), error: null }, { status: 400 })
  const { acceptTerms, ...answers } = submission.value
  const values = steps.length ? { ...stepAnswers(flow.values, steps, step), ...answers } : flow.values
  const done = Math.max(flow.done, step + 1)
  // The SMS-consent boxes of this step's mobile-phone fields, as ticked now.
  const phones = new Set((steps[step] ?? []).filter((field) => field.type === 'mobilePhone').map((field) => field.name))
  const ticked = form
    .getAll('smsConsent')
    .filter((name): name is string => typeof name === 'string' && phones.has(name))
  const next: Pending = {
    ...flow,
    values,
    done,
    smsConsent: [...(flow.smsConsent ?? []).filter((name) => !phones.has(name)), ...ticked],
    termsAccepted: accepted(flow, terms, acceptTerms),
  }
  if (steps.length && step < steps.length - 1) {
    pending.set(session, next)
    return redirect(`${here}?step=${step + 1}`, await withSession(session))
  }
  // The last step: every answer is checked again as one submission before anything is written.
  const all = answersSchema(steps).safeParse(formDefaults(answerFields(steps), values))
  if (!all.success) {
    pending.set(session, { ...next, done: 0 })
    return redirect(`${here}?step=0`, await withSession(session))
  }
  if (!user) return sendCode(args, session, next, steps, here)
  return finish(args, scene, session, next)
}

type Scene = {
  brand: Brand
  user: User | null
  room: Room
  eventPath: string
  here: string
  steps: FormSteps
  /** The terms this registration must have accepted (termsToAccept). */
  terms: CommunityTerms | null
}

/** The terms the form still asks: those to accept, unless this flow accepted them already. */
const termsStillAsked = (
  brand: Brand,
  registration: { termsAcceptedAt: Date | null } | null,
  flow: Pending,
): CommunityTerms | null => (flow.termsAccepted ? null : termsToAccept(brand, registration))

/** Whether the flow holds an acceptance now: kept once given, taken from a ticked box only while terms are asked. */
const accepted = (flow: Pending, terms: CommunityTerms | null, ticked: unknown) =>
  Boolean(flow.termsAccepted) || (terms !== null && ticked === true)

/**
 * Every answer is in (and a visitor's address proven): prove the consented mobile number by SMS
 * when it is not yet, then register, signing a visitor in as the person behind their address.
 */
async function finish(
  { request, context }: ActionFunctionArgs,
  { brand, user, room, eventPath, here, steps, terms }: Scene,
  session: AppSession,
  flow: Pending,
) {
  // The community linked its terms after the form was posted: back to the form that asks them.
  if (terms && !flow.termsAccepted) {
    pending.set(session, { ...flow, awaitingCode: false })
    return redirect(here, await withSession(session))
  }
  const phone = consentedPhone(steps, flow)
  if (phone && dialable(phone) !== flow.phoneVerified) {
    const language =
      user?.preferredLanguage ?? (await resolveLanguage(request, { communityLanguage: brand.communityLanguage }))
    const sent = await sendPhoneCode({
      phone,
      eventName: room.name ?? room.slug,
      language,
      account: user?.id ?? flow.provenEmail ?? dialable(phone),
      context,
    })
    if (!sent.ok) {
      pending.set(session, flow)
      return data(
        { intent: 'step', result: null, error: sent.refusal },
        { status: 429, ...(await withSession(session)) },
      )
    }
    pending.set(session, { ...flow, phoneCheck: sent.check })
    return redirect(here, await withSession(session))
  }
  if (!user && !flow.provenEmail) return redirect(here)
  const identity = identityOf(steps, flow)
  const person =
    user ??
    (await findOrCreateVerifiedUser({
      fullName: identity?.fullName ?? flow.provenEmail!,
      emailAddress: flow.provenEmail!,
      language: await resolveLanguage(request, { communityLanguage: brand.communityLanguage }),
    }))
  const outcome = await register({
    brand,
    room,
    userId: person.id,
    parsed: flow.values,
    termsAccepted: Boolean(flow.termsAccepted),
  })
  pending.unset(session)
  const flash = outcome.ok
    ? {
        kind: 'success' as const,
        message: outcome.updated
          ? ('registration:flash.updated' as const)
          : outcome.status === 'approved'
            ? ('registration:flash.approved' as const)
            : ('registration:flash.pending' as const),
      }
    : { kind: 'error' as const, message: `registration:status.${outcome.closed}` as const }
  if (user) return redirectWithFlash(eventPath, flash, await withSession(session))
  const response = await startSession(session, person.id, eventPath)
  response.headers.append('Set-Cookie', await flashHeader(flash))
  return response
}

/** Mails the code to the visitor's address (rate-limited by sendSignupCode) and waits for it. */
async function sendCode(
  { request, context }: ActionFunctionArgs,
  session: AppSession,
  flow: Pending,
  steps: FormSteps,
  here: string,
) {
  const identity = identityOf(steps, flow)
  if (!identity) return redirect(here)
  const sent = await sendSignupCode(authenticator, { request, context, emailAddress: identity.emailAddress })
  if (isFailure(sent)) {
    pending.set(session, flow)
    return data(
      { intent: 'step', result: null, error: sent.error },
      { status: sent.status, ...(await withSession(session)) },
    )
  }
  pending.set(sent.session, { ...flow, awaitingCode: true })
  return redirect(here, await withSession(sent.session))
}
