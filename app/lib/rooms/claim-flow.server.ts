import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { createVerificationAuthenticator } from '#app/lib/identity/auth.server'
import { env } from '#app/lib/platform/env.server'
import { resolveLanguage } from '#app/lib/i18n/i18n.server'
import {
  RoomLinkTaken,
  checkRoomLink,
  claimPersonalRoom,
  createAccountWithRoom,
  personalRoomOf,
  personalRoomPath,
  roomLinkField,
  roomLinkProblem,
  roomLinkSlug,
  type RoomLinkState,
} from '#app/lib/rooms/room-claims.server'
import { getSession, startSession, viewer, withSession } from '#app/lib/http/session.server'
import { sendSignInCode } from '#app/lib/identity/sign-in-messages.server'
import { checkSignupCode, isFailure, sendSignupCode, type SignupError } from '#app/lib/identity/signup-codes.server'
import { emailAddressField, fullNameField, SignupCodeSchema } from '#app/lib/identity/signup-fields.server'
import { beginSignup, forgetPendingSignups, pendingSignups } from '#app/lib/identity/signup-session.server'
import { AccountExists } from '#app/lib/identity/verified-accounts.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'
import { readForm } from '#app/lib/http/form-body.server'

/**
 * Claiming a personal room, in three steps: the link (checked, with a free alternative when it is
 * taken), then who it is for (name and email), then the code mailed to that address, at
 * /registered/{link}. A signed-in person skips the last two: the room is theirs at once. Every
 * step ends at /welcome-aboard or says what is wrong, with what was typed kept.
 */

/** Step 1: the link (the room link rules). */
export const ClaimLinkSchema = z.object({ intent: z.literal('link'), roomLink: roomLinkField() })
/** Step 2: who the room is for. */
export const ClaimDetailsSchema = z.object({
  intent: z.literal('details'),
  fullName: fullNameField(),
  emailAddress: emailAddressField(),
})
/** Step 3 (at /registered/{link}): the code mailed to that address. */
export type ClaimLinkFields = z.input<typeof ClaimLinkSchema>
export type ClaimDetailsFields = z.input<typeof ClaimDetailsSchema>

/** A link that cannot be had: what the person typed, and the free one offered instead. */
export type Unavailable = { label: string; suggestion: string; state: Exclude<RoomLinkState, 'available'> }

const CLAIM_PATH = '/register/room'
export const claimPathFor = (slug: string) => `${CLAIM_PATH}?slug=${encodeURIComponent(slug)}`
export const registeredPath = (slug: string) => `/registered/${slug}`

const authenticator = createVerificationAuthenticator(async ({ identifier, code, request }) => {
  const claim = pendingSignups.claim.get(await getSession(request))
  // The mail's button returns to the page where the code goes in.
  const link = `${env.PUBLIC_URL}${claim ? registeredPath(claim.slug) : CLAIM_PATH}`
  await sendSignInCode({
    channel: 'mail',
    to: identifier,
    code,
    link,
    language: await resolveLanguage(request),
    brand: null,
  })
})

export async function claimLoader(args: LoaderFunctionArgs) {
  const { request, context } = args
  // The viewer's session is this request's, already read for the page's shell.
  const { user, session } = await viewer(request, context)
  const existing = user ? await personalRoomOf(user.id) : null
  const claim = pendingSignups.claim.get(session)
  // A link handed in the address (a "claim your name" button elsewhere): a taken or reserved one
  // goes to the page that explains it, a free one is filled in.
  const asked = new URL(request.url).searchParams.get('slug')?.trim() ?? ''
  if (!existing && !claim && asked && !roomLinkProblem(asked)) {
    const slug = roomLinkSlug(asked)
    const { state } = await checkRoomLink(slug)
    if (state !== 'available') throw redirect(`/${slug}/${state}`)
  }
  return {
    messages: await routeMessages(args, 'auth', 'signup'),
    // Signed in, the room is claimed in step 1: a claim begun before signing in starts there again.
    step: existing ? ('existing' as const) : claim && !user ? ('details' as const) : ('link' as const),
    existing: existing ? { slug: existing.slug, path: personalRoomPath(existing.slug) } : null,
    claim: claim ? { slug: claim.slug, label: claim.label, path: personalRoomPath(claim.slug) } : null,
    asked: asked || claim?.label || '',
    signedInAs: user ? (user.name ?? user.emailAddress ?? '') : null,
    origin: env.PUBLIC_URL,
    constraints: { link: getZodConstraint(ClaimLinkSchema), details: getZodConstraint(ClaimDetailsSchema) },
  }
}

export async function claimAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const intent = form.get('intent')
  const session = await getSession(request)

  if (intent === 'change') {
    const claim = pendingSignups.claim.get(session)
    forgetPendingSignups(session)
    return redirect(claim ? claimPathFor(claim.label) : CLAIM_PATH, await withSession(session))
  }

  if (intent === 'details') {
    const claim = pendingSignups.claim.get(session)
    if (!claim) return redirect(CLAIM_PATH)
    const submission = parseWithZod(form, { schema: ClaimDetailsSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), error: null, unavailable: null }, { status: 400 })
    const sent = await sendSignupCode(authenticator, { request, context, emailAddress: submission.value.emailAddress })
    if (isFailure(sent))
      return data({ intent, result: submission.reply(), error: sent.error, unavailable: null }, { status: sent.status })
    beginSignup(sent.session, 'claim')
    pendingSignups.claim.set(sent.session, { ...claim, fullName: submission.value.fullName })
    return redirect(registeredPath(claim.slug), await withSession(sent.session))
  }

  const submission = parseWithZod(form, { schema: ClaimLinkSchema })
  if (submission.status !== 'success')
    return data({ intent: 'link', result: submission.reply(), error: null, unavailable: null }, { status: 400 })
  const label = submission.value.roomLink
  const slug = roomLinkSlug(label)
  const { state, suggestion } = await checkRoomLink(slug)
  if (state !== 'available') {
    const unavailable: Unavailable = { label, suggestion: suggestion!, state }
    return data({ intent: 'link', result: submission.reply(), error: null, unavailable }, { status: 409 })
  }

  const { user } = await viewer(request, context)
  if (user) {
    try {
      await claimPersonalRoom(user, slug)
    } catch (error) {
      if (!(error instanceof RoomLinkTaken)) throw error
      const unavailable: Unavailable = {
        label,
        suggestion: (await checkRoomLink(slug)).suggestion ?? `${slug}-2`,
        state: 'claimed',
      }
      return data({ intent: 'link', result: submission.reply(), error: null, unavailable }, { status: 409 })
    }
    return redirect('/welcome-aboard')
  }
  forgetPendingSignups(session)
  pendingSignups.claim.set(session, { slug, label })
  return redirect(CLAIM_PATH, await withSession(session))
}

/** /registered/{link}: the code step of a claim waiting in this browser, or a word that none is. */
export async function registeredLoader(args: LoaderFunctionArgs) {
  const { request, context, params } = args
  const messages = await routeMessages(args, 'auth', 'signup')
  const slug = roomLinkSlug(params.slug ?? '')
  const { user, session } = await viewer(request, context)
  const claim = pendingSignups.claim.get(session)
  if (claim?.slug === slug && claim.fullName && session.get('verify:email')) {
    return {
      messages,
      step: 'code' as const,
      label: claim.label,
      path: personalRoomPath(slug),
      emailAddress: session.get('verify:email')!,
      constraints: getZodConstraint(SignupCodeSchema),
    }
  }
  // Verified already (the code was used in another tab): the room is theirs.
  if (user && (await personalRoomOf(user.id))?.slug === slug) throw redirect('/welcome-aboard')
  return {
    messages,
    step: 'none' as const,
    label: params.slug ?? '',
    path: personalRoomPath(slug),
    claimPath: claimPathFor(slug),
  }
}

export async function registeredAction({ request, context, params }: ActionFunctionArgs) {
  const slug = roomLinkSlug(params.slug ?? '')
  const form = await readForm(request)
  const session = await getSession(request)
  const here = registeredPath(slug)

  if (form.get('intent') === 'cancel') {
    forgetPendingSignups(session)
    return redirect(CLAIM_PATH, await withSession(session))
  }

  const claim = pendingSignups.claim.get(session)
  if (claim?.slug !== slug || !claim.fullName) return redirect(here)
  const submission = parseWithZod(form, { schema: SignupCodeSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply(), error: null, unavailable: null }, { status: 400 })
  const checked = await checkSignupCode(authenticator, { request, context, code: submission.value.code })
  if (isFailure(checked))
    return data({ result: submission.reply(), error: checked.error, unavailable: null }, { status: checked.status })

  const emailAddress = checked.session.get('verify:identifier')!
  try {
    const { user } = await createAccountWithRoom({
      fullName: claim.fullName,
      emailAddress,
      slug,
      language: await resolveLanguage(request),
    })
    return await startSession(checked.session, user.id, '/welcome-aboard')
  } catch (error) {
    if (!(error instanceof RoomLinkTaken) && !(error instanceof AccountExists)) throw error
    // Lost at the last moment: nothing was created, and this claim is over.
    forgetPendingSignups(checked.session)
    const init = { status: 409, ...(await withSession(checked.session)) }
    if (error instanceof AccountExists) {
      const failure: SignupError = { message: 'auth:errors.accountExists', minutes: 0 }
      return data({ result: submission.reply(), error: failure, unavailable: null }, init)
    }
    const unavailable: Unavailable = {
      label: claim.label,
      suggestion: (await checkRoomLink(slug)).suggestion ?? `${slug}-2`,
      state: 'claimed',
    }
    return data({ result: submission.reply(), error: null, unavailable }, init)
  }
}

/**
 * {link}/reserved and {link}/claimed: why a link cannot be had, with a free one to take instead.
 * Each page answers for its own state only; a link in another state is sent to its own page (a
 * free one to the claim form), so an old bookmark never tells a stale story.
 */
export async function roomLinkStatusLoader(args: LoaderFunctionArgs, expected: Exclude<RoomLinkState, 'available'>) {
  const typed = args.params.slug ?? ''
  if (roomLinkProblem(typed)) throw new Response(null, { status: 404, statusText: 'Not Found' })
  const slug = roomLinkSlug(typed)
  const { state, suggestion } = await checkRoomLink(slug)
  if (state === 'available') throw redirect(claimPathFor(slug))
  if (state !== expected) throw redirect(`/${slug}/${state}`)
  return {
    messages: await routeMessages(args, 'signup'),
    slug,
    link: `${env.PUBLIC_URL}${personalRoomPath(slug)}`,
    path: personalRoomPath(slug),
    suggestion: suggestion!,
  }
}
