import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { CODE_LENGTH } from '#app/lib/identity/code-length'
import { failureMessage, failureOf, findUserByIdentifier, strategyRequest } from '#app/lib/identity/auth.server'
import type { User } from '#models/index'
import type { Language, TranslationKey } from '#app/lib/i18n/i18n'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import { countryFromRequest, countryOptions, parsePhone } from '#app/lib/identity/phone'
import { LIMITS, hit, limitCodeSending } from '#app/lib/platform/rate-limit.server'
import { sessionSlot, sessionStorage, withSession, type AppSession } from '#app/lib/http/session.server'
import { redirectWithFlash } from '#app/lib/http/flash.server'
import { pendingSignups } from '#app/lib/identity/signup-session.server'
import {
  applyContactChange,
  INVALID_ADDRESS,
  newContactAddress,
  CONTACT_MESSAGES,
  contactVerification,
  SETTINGS_PATH,
  type ContactKind,
  type PendingContactChange,
} from '#app/lib/identity/contact-change.server'

/**
 * Changing the email address or the mobile phone an account signs in with (a new email or
 * phone must differ from the current one and be valid; verified by code). The new address gets a
 * 6-digit code through the same verification strategy, delivery and rate limits as sign-up, and
 * replaces the old one only once that code comes back. Until then the account keeps the old one.
 */

// The verification strategy keeps its address and code under verify:email and verify:otp (shared
// with sign-up); this marker says they belong to an address change, and to which account.
const pendingSlot = sessionSlot<PendingContactChange>('contact:change')
const readPending = pendingSlot.get
const writePending = pendingSlot.set

/** Forgets a change: the marker and the strategy's address, code and verified result. */
function forget(session: AppSession) {
  for (const key of ['verify:email', 'verify:otp', 'verify:identifier'] as const) session.unset(key)
  pendingSlot.unset(session)
}

export const EmailChangeSchema = z.object({
  intent: z.literal('email'),
  emailAddress: z
    .string({ required_error: 'account:errors.emailRequired' })
    .trim()
    .toLowerCase()
    .max(320, 'account:errors.emailInvalid')
    .email('account:errors.emailInvalid'),
})

/** The number as typed and the country it is read in (the phone input rules, app/lib/identity/phone.ts). */
export const PhoneChangeSchema = z.object({
  intent: z.literal('phone'),
  phoneNumber: z
    .string({ required_error: 'account:errors.phoneRequired' })
    .trim()
    .max(64, 'account:errors.phoneInvalid'),
  country: z.string().trim().max(2).optional(),
})

export const ContactCodeSchema = z.object({
  intent: z.literal('contact-verify'),
  code: z.string({ required_error: 'auth:errors.codeRequired' }).trim().length(CODE_LENGTH, 'auth:errors.codeLength'),
})

export type EmailChangeFields = z.input<typeof EmailChangeSchema>
export type PhoneChangeFields = z.input<typeof PhoneChangeSchema>
export type ContactCodeFields = z.input<typeof ContactCodeSchema>

export const CONTACT_INTENTS = ['email', 'phone', 'contact-verify', 'contact-resend', 'contact-cancel'] as const
export type ContactIntent = (typeof CONTACT_INTENTS)[number]
export const isContactIntent = (value: unknown): value is ContactIntent =>
  CONTACT_INTENTS.includes(value as ContactIntent)

/** A message over the code step (too many tries, a failed resend), with the minutes to wait. */
export type ContactError = { message: TranslationKey; minutes?: number }

/** The change in progress for this user, if the strategy still holds its address. */
function pendingChange(session: AppSession, user: User): PendingContactChange | null {
  const pending = readPending(session)
  // Another account's change (identities switched), or a sign-up in this browser that has since
  // taken over verify:email, is not this one's.
  if (!pending || pending.userId !== user.id || session.get('verify:email') !== pending.identifier) return null
  return pending
}

/** How an address reads on screen: a phone number in international form. */
const shown = (kind: ContactKind, identifier: string) =>
  kind === 'phone' ? parsePhone(identifier).international || identifier : identifier

/** What the settings page needs to show the current addresses and the change in progress. */
export async function contactLoaderData(request: Request, session: AppSession, user: User, language: Language) {
  const pending = pendingChange(session, user)
  return {
    emailAddress: user.emailAddress,
    phoneNumber: user.phoneNumber ? shown('phone', user.phoneNumber) : null,
    pending: pending ? { kind: pending.kind, identifier: shown(pending.kind, pending.identifier) } : null,
    // The country picker is built here (the phone metadata is heavy), and only when it shows.
    countries: pending ? [] : countryOptions(language),
    defaultCountry: countryFromRequest(request.headers.get('Accept-Language')),
    constraints: {
      email: getZodConstraint(EmailChangeSchema),
      phone: getZodConstraint(PhoneChangeSchema),
      code: getZodConstraint(ContactCodeSchema),
    },
  }
}

type Context = { request: Request; context: AppLoadContext; session: AppSession; user: User }

export async function contactAction(intent: ContactIntent, form: FormData, args: Context) {
  switch (intent) {
    case 'email':
    case 'phone':
      return startChange(intent, form, args)
    case 'contact-verify':
      return verifyChange(form, args)
    case 'contact-resend':
      return resendCode(args)
    case 'contact-cancel':
      return cancelChange(args.session)
  }
}

/** Checks the new address, then sends it a code; the old address stays until the code is back. */
async function startChange(kind: ContactKind, form: FormData, { request, context, session, user }: Context) {
  const submission =
    kind === 'email'
      ? parseWithZod(form, { schema: EmailChangeSchema })
      : parseWithZod(form, { schema: PhoneChangeSchema })
  const refuse = (message: TranslationKey, status = 400) =>
    data(
      {
        intent: kind,
        result: submission.reply({ fieldErrors: { [kind === 'email' ? 'emailAddress' : 'phoneNumber']: [message] } }),
        error: null,
      },
      { status },
    )
  if (submission.status !== 'success')
    return data({ intent: kind, result: submission.reply(), error: null }, { status: 400 })

  const typed = submission.value.intent === 'email' ? submission.value.emailAddress : submission.value.phoneNumber
  if (kind === 'phone' && !typed) return refuse('account:errors.phoneRequired')
  const chosen = submission.value.intent === 'phone' ? submission.value.country : undefined
  const identifier = newContactAddress(request, kind, typed, chosen)
  if (!identifier) return refuse(INVALID_ADDRESS[kind])
  if (identifier === (kind === 'email' ? user.emailAddress : user.phoneNumber))
    return refuse(CONTACT_MESSAGES[kind].same)

  // Counted before the look-up, so probing which addresses have accounts costs codes too; every
  // new address this account tries counts toward its own daily cap.
  const refusal = await limitCodeSending({ identifier, account: user.id, clientAddress: context.clientAddress })
  if (refusal) return data({ intent: kind, result: submission.reply(), error: refusal }, { status: 429 })
  const owner = await findUserByIdentifier(identifier)
  if (owner) return refuse(CONTACT_MESSAGES[kind].taken, 409)

  // A new change starts clean: left in the session, an earlier address (or a half-finished sign-up
  // in this browser, which shares the strategy's keys) would get the code instead.
  forget(session)
  pendingSignups.registration.unset(session)
  await sessionStorage.commitSession(session)

  const language = await resolveLanguage(request, { preferredLanguage: user.preferredLanguage })
  const outcome = await runStrategy(language, request, new URLSearchParams({ identifier }))
  if (!outcome.ok) {
    if (outcome.failure === 'user.exists') return refuse(CONTACT_MESSAGES[kind].taken, 409)
    return data(
      { intent: kind, result: submission.reply(), error: { message: failureMessage(outcome.failure) } },
      { status: 500 },
    )
  }
  const next = await sessionStorage.getSession(outcome.setCookie)
  writePending(next, { userId: user.id, kind, identifier })
  return redirect(SETTINGS_PATH, await withSession(next))
}

/** The code is right: the new address replaces the old one. */
async function verifyChange(form: FormData, { request, context, session, user }: Context) {
  const pending = pendingChange(session, user)
  if (!pending) return redirect(SETTINGS_PATH)
  const submission = parseWithZod(form, { schema: ContactCodeSchema })
  if (submission.status !== 'success')
    return data({ intent: 'contact-verify', result: submission.reply(), error: null }, { status: 400 })
  const { allowed, retryAfterSeconds } = await hit(LIMITS.verificationsPerAddress, context.clientAddress)
  if (!allowed)
    return data(
      { intent: 'contact-verify', result: submission.reply(), error: tooMany(retryAfterSeconds) },
      { status: 429 },
    )

  const language = await resolveLanguage(request, { preferredLanguage: user.preferredLanguage })
  const outcome = await runStrategy(language, request, new URLSearchParams({ code: submission.value.code }))
  const wrongCode = (message: TranslationKey, status = 400) =>
    data(
      { intent: 'contact-verify', result: submission.reply({ fieldErrors: { code: [message] } }), error: null },
      { status },
    )
  if (!outcome.ok) {
    if (outcome.failure === 'user.exists') return finish(session, pending, CONTACT_MESSAGES[pending.kind].taken, 409)
    return wrongCode(failureMessage(outcome.failure), outcome.failure === 'unknown' ? 500 : 400)
  }

  const next = await sessionStorage.getSession(outcome.setCookie)
  // Never expected (the strategy checked the code for this address), but never applied blindly either.
  if (next.get('verify:identifier') !== pending.identifier) return finish(next, pending, 'auth:errors.unknown', 500)
  const applied = await applyContactChange(user, pending)
  return finish(next, pending, CONTACT_MESSAGES[pending.kind][applied], applied === 'taken' ? 409 : undefined)
}

/** Ends the change (done, or impossible now) and says so on the settings page. */
async function finish(session: AppSession, pending: PendingContactChange, notice: TranslationKey, status?: number) {
  forget(session)
  if (status) {
    // The change cannot go on: the page shows the forms again, with the reason on the right one.
    const field = pending.kind === 'email' ? 'emailAddress' : 'phoneNumber'
    const result = {
      status: 'error' as const,
      initialValue: { [field]: shown(pending.kind, pending.identifier) },
      error: { [field]: [notice] },
    }
    return data({ intent: pending.kind, result, error: null }, { status, ...(await withSession(session)) })
  }
  return redirectWithFlash(SETTINGS_PATH, { kind: 'success', message: notice }, await withSession(session))
}

/** A new code to the same address (the strategy kills the old one); rate limited like the first. */
async function resendCode({ request, context, session, user }: Context) {
  const pending = pendingChange(session, user)
  if (!pending) return redirect(SETTINGS_PATH)
  const refusal = await limitCodeSending({
    identifier: pending.identifier,
    account: user.id,
    clientAddress: context.clientAddress,
  })
  if (refusal) return data({ intent: 'contact-resend', result: null, error: refusal }, { status: 429 })
  const language = await resolveLanguage(request, { preferredLanguage: user.preferredLanguage })
  const outcome = await runStrategy(language, request, new URLSearchParams())
  if (!outcome.ok) {
    if (outcome.failure === 'user.exists') return finish(session, pending, CONTACT_MESSAGES[pending.kind].taken, 409)
    return data(
      { intent: 'contact-resend', result: null, error: { message: 'auth:errors.resendFailed' as const } },
      { status: 500 },
    )
  }
  const next = await sessionStorage.getSession(outcome.setCookie)
  return redirectWithFlash(
    SETTINGS_PATH,
    { kind: 'success', message: 'account:settings.contact.resent' },
    await withSession(next),
  )
}

async function cancelChange(session: AppSession) {
  forget(session)
  return redirect(SETTINGS_PATH, await withSession(session))
}

type Outcome = { ok: true; setCookie: string } | { ok: false; failure: ReturnType<typeof failureOf> }

/**
 * One step of the verification strategy (send, resend or check). Success is its redirect, whose
 * cookie names the session it just wrote; the caller commits that session again with the cookie's
 * normal lifetime (the strategy's own commit drops Max-Age).
 */
async function runStrategy(language: Language, request: Request, body: URLSearchParams): Promise<Outcome> {
  try {
    await contactVerification(language).authenticate('verify', strategyRequest(request, body), {
      successRedirect: SETTINGS_PATH,
    })
  } catch (error) {
    if (error instanceof Response && error.status === 302)
      return { ok: true, setCookie: error.headers.get('Set-Cookie') ?? '' }
    if (error instanceof Response) throw error
    return { ok: false, failure: failureOf(error) }
  }
  // The strategy always answers with a redirect or an error; anything else is a bug here.
  return { ok: false, failure: 'unknown' }
}

function tooMany(retryAfterSeconds: number): ContactError {
  return { message: 'auth:errors.tooMany', minutes: Math.ceil(retryAfterSeconds / 60) }
}
