// Signing in from an app through the JSON API (docs/api.md#signing-in-from-an-app, decision 0022): the sign-in
// page's own code strategy, delivery and rate limits, run in a code session (code-sessions.server.ts), whose id the
// app holds between the calls. A verified code or a spent sign-in link answers a personal access token (decision
// 0021) as `jwt`, for the app to send as `Bearer`; its owner sees it on /me/tokens and can revoke it there.
import { User } from '#models/index'
import { createToken, liveTokenCount, TOKENS_PER_PERSON } from '../api-tokens/api-tokens.server'
import { checked, readBody, refuse, requesterT, type ApiArgs } from '../http/api.server'
import { safeRedirect } from '../http/safe-redirect'
import { afterSignIn, IDENTITY_LIFETIME_MS } from '../http/session.server'
import { resolveLanguage } from '../i18n/i18n.server'
import {
  createAuthenticator,
  createMagicLink,
  failureMessage,
  findUserByIdentifier,
  normaliseIdentifier,
  type SignInFailure,
} from '../identity/auth.server'
import { signInProviders } from '../identity/oauth.server'
import { countryFromRequest, toCountryCode } from '../identity/phone'
import { revokeMagicLinks, redeemMagicLink } from '../identity/magic-links.server'
import { sendSignInCodeFor } from '../identity/sign-in-delivery.server'
import { sendMagicLink } from '../identity/sign-in-messages.server'
import { IssueCodeBody, LinkParams, ResendCodeBody, SendLinkBody, VerifyCodeBody } from './sign-in-api.schema'
import { codeSessions, limitChecking, limitSending } from './code-sessions.server'
import { selfView } from './users-api.server'

const authenticator = createAuthenticator(sendSignInCodeFor)

/** Each app's sign-in in progress: the sign-in page's strategy keeps the address and the code there. */
const signIns = codeSessions<true>('api:signIn')
const runStrategy = (request: Request, id: string, fields: Record<string, string>) =>
  signIns.run(authenticator, 'otp', request, id, fields)

/** The status a refused sign-in answers, with the reason the spec names (`ok: false, reason`). */
const FAILURE_STATUS = {
  'user.notFound': 404,
  'authOtp.notFound': 400,
  'identifier.invalid': 400,
  'user.exists': 409,
} as const satisfies Record<Exclude<SignInFailure, 'unknown'>, number>

function refusal(failure: SignInFailure) {
  // The strategy failing otherwise is a fault here, not the caller's: a 500 with its stack in the log.
  if (failure === 'unknown') return new Error('The sign-in code strategy failed')
  return refuse(FAILURE_STATUS[failure], failureMessage(failure), {}, { ok: false, reason: failure })
}

/** GET /users-permissions/providers/enabled: the social sign-ins this install offers, as the sign-in page lists them. */
export async function providersCall() {
  return signInProviders()
}

/** POST /auth-otps/issue: a code to the account's email or phone. `{ ok, id, sendOk }`; the `id` goes with the code. */
export async function issueCodeCall(args: ApiArgs) {
  const body = await readBody(args.request, IssueCodeBody)
  const identifier = identifierOf(args.request, body.emailAddress ?? body.phoneNumber ?? '', body.country)
  const user = await findUserByIdentifier(identifier)
  // Counted before the answer, as on the page: probing which addresses have accounts costs codes too.
  await limitSending(args, identifier, user?.id ?? identifier)
  if (!user) throw refusal('user.notFound')
  const id = await signIns.start(true)
  const failure = await runStrategy(args.request, id, { identifier })
  if (failure) throw refusal(failure)
  const byMail = identifier.includes('@')
  return { ok: true, id, sendOk: { emailOk: byMail, phoneOk: !byMail } }
}

/** POST /auth-otps/resend: a new code to the same address (the old one stops working), limited as the first. */
export async function resendCodeCall(args: ApiArgs) {
  const { id } = await readBody(args.request, ResendCodeBody)
  const identifier = (await signIns.find(id))?.get('auth:email')
  if (!identifier) throw refusal('authOtp.notFound')
  const user = await findUserByIdentifier(identifier)
  await limitSending(args, identifier, user?.id ?? identifier)
  const failure = await runStrategy(args.request, id, {})
  if (failure) throw refusal(failure)
  return { ok: true }
}

/** POST /auth-otps/verify: the code that arrived. `{ ok, user, jwt }`: the account and a token for it. */
export async function verifyCodeCall(args: ApiArgs) {
  const { id, passcode } = await readBody(args.request, VerifyCodeBody)
  await limitChecking(args)
  if (!(await signIns.find(id))) throw refusal('authOtp.notFound')
  const failure = await runStrategy(args.request, id, { code: passcode.toUpperCase() })
  if (failure) throw refusal(failure)
  // The strategy left the verified account in the code session: read it, and end that session.
  const session = (await signIns.find(id))!
  await signIns.end(session)
  const userId = session.get('user')
  if (!userId) throw refusal('authOtp.notFound')
  // The code is spent: the link mailed with it must not sign in later.
  await revokeMagicLinks(userId)
  return { ok: true, ...(await signedIn(args, userId)) }
}

/** POST /vl/send: a link that signs in and lands on `destinationUrl` (a path of this site), to the account's email or phone. */
export async function sendLinkCall(args: ApiArgs) {
  const body = await readBody(args.request, SendLinkBody)
  const identifier = identifierOf(args.request, body.value, body.country)
  if (identifier.includes('@') !== (body.type === 'emailAddress')) throw refusal('identifier.invalid')
  const user = await findUserByIdentifier(identifier)
  await limitSending(args, identifier, user?.id ?? identifier)
  if (!user) throw refusal('user.notFound')
  const destination = afterSignIn(safeRedirect(body.destinationUrl, ''))
  // As with a code: only the newest message signs in.
  await revokeMagicLinks(user.id)
  await sendMagicLink({
    channel: body.type === 'emailAddress' ? 'mail' : 'sms',
    to: identifier,
    link: await createMagicLink(user.id, destination),
    language: await resolveLanguage(args.request, { preferredLanguage: user.preferredLanguage }),
  })
  return { ok: true }
}

/** GET /vl/{id}: spends a sign-in link (as /ml/{id} does in a browser). `{ ok, jwt, destinationUrl }`. */
export async function redeemLinkCall(args: ApiArgs) {
  await limitChecking(args)
  const { id } = checked(LinkParams, args.params)
  const redeemed = await redeemMagicLink(id)
  if (!redeemed) throw refuse(404, 'auth:errors.linkExpired', {}, { ok: false, reason: 'link.notFound' })
  const { jwt, user } = await signedIn(args, redeemed.userId)
  return { ok: true, jwt, user, destinationUrl: redeemed.destinationUrl }
}

/** The account as GET /users/me shows it, and a new token for it: what an app keeps once signed in. */
async function signedIn(args: ApiArgs, userId: string) {
  const user = await User.findByPk(userId)
  if (!user) throw refusal('user.notFound')
  if ((await liveTokenCount(user.id)) >= TOKENS_PER_PERSON) throw refuse(409, 'account:tokens.errors.tooMany')
  const t = await requesterT(args)
  const { secret } = await createToken({
    userId: user.id,
    name: t('account:tokens.signInName'),
    // A sign-in holds everything its person may do, as a browser's session does.
    scope: 'admin',
    brandId: null,
    lifetimeDays: IDENTITY_LIFETIME_MS / (24 * 3600 * 1000),
  })
  return { user: selfView(user), jwt: secret }
}

/** An email address or mobile number as accounts keep it, or 400. */
function identifierOf(request: Request, value: string, country: string | undefined) {
  const identifier = normaliseIdentifier(
    value,
    toCountryCode(country, countryFromRequest(request.headers.get('Accept-Language'))),
  )
  if (!identifier) throw refusal('identifier.invalid')
  return identifier
}
