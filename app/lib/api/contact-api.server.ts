// Proving a new email address or mobile phone from an app (POST /api/verify-otps/*; docs/api.md#you): the settings
// page's change (app/lib/identity/contact-change.server.ts), its checks, strategy and limits, run in a code session
// (code-sessions.server.ts). The new address replaces the old one once its code comes back.
import type { User } from '#models/index'
import { holdsEverything } from '#models/token-cap'
import { readBody, refuse, type ApiArgs } from '../http/api.server'
import { requireUser } from '../http/guards.server'
import { resolveLanguage } from '../i18n/i18n.server'
import { failureMessage, findUserByIdentifier } from '../identity/auth.server'
import {
  applyContactChange,
  INVALID_ADDRESS,
  newContactAddress,
  contactVerification,
  CONTACT_MESSAGES,
  type ContactKind,
  type PendingContactChange,
} from '../identity/contact-change.server'
import { codeSessions, limitChecking, limitSending } from './code-sessions.server'
import { IssueContactCodeBody, ResendContactCodeBody, VerifyCodeBody } from './sign-in-api.schema'
import { selfView } from './users-api.server'

const changes = codeSessions<PendingContactChange>('api:contactChange')

/**
 * The signed-in caller, when the call may change the account's address: a token short of everything (read, write,
 * kept to one community) could otherwise move the account to an address its holder controls, and sign in there.
 */
async function accountHolder(args: ApiArgs): Promise<User> {
  const user = await requireUser(args)
  if (!holdsEverything()) throw refuse(403, 'api:errors.tokenTooNarrow')
  return user
}

/** One step of the settings page's verification strategy in the change's code session, in the person's language. */
async function runStrategy(args: ApiArgs, user: User, id: string, fields: Record<string, string>) {
  const language = await resolveLanguage(args.request, { preferredLanguage: user.preferredLanguage })
  return changes.run(contactVerification(language), 'verify', args.request, id, fields)
}

/** POST /verify-otps/issue: `{ ok, id }`, a code sent to the new address; it must differ from the current one and be no one else's. */
export async function issueContactCodeCall(args: ApiArgs) {
  const user = await accountHolder(args)
  const body = await readBody(args.request, IssueContactCodeBody)
  const kind: ContactKind = body.type === 'emailAddress' ? 'email' : 'phone'
  const identifier = newContactAddress(args.request, kind, body.identifier, body.country)
  if (!identifier) throw refuse(400, INVALID_ADDRESS[kind])
  if (identifier === (kind === 'email' ? user.emailAddress : user.phoneNumber))
    throw refuse(400, CONTACT_MESSAGES[kind].same)
  // Counted before the look-up, as on the page: probing which addresses have accounts costs codes too.
  await limitSending(args, identifier, user.id)
  if (await findUserByIdentifier(identifier)) throw refuse(409, CONTACT_MESSAGES[kind].taken)
  const id = await changes.start({ userId: user.id, kind, identifier })
  const failure = await runStrategy(args, user, id, { identifier })
  if (failure === 'user.exists') throw refuse(409, CONTACT_MESSAGES[kind].taken)
  if (failure) throw new Error(`The contact code was not sent: ${failure}`)
  return { ok: true, id }
}

/** POST /verify-otps/resend: a new code to the same address (the old one stops working), limited as the first. */
export async function resendContactCodeCall(args: ApiArgs) {
  const user = await accountHolder(args)
  const { id } = await readBody(args.request, ResendContactCodeBody)
  const pending = await pendingOf(user, id)
  await limitSending(args, pending.identifier, user.id)
  const failure = await runStrategy(args, user, id, {})
  if (failure === 'user.exists') throw refuse(409, CONTACT_MESSAGES[pending.kind].taken)
  if (failure) throw new Error(`The contact code was not sent again: ${failure}`)
  return { ok: true }
}

/** POST /verify-otps/verify: the code that arrived; the new address is the account's now. `{ ok, user }`. */
export async function verifyContactCodeCall(args: ApiArgs) {
  const user = await accountHolder(args)
  const { id, passcode } = await readBody(args.request, VerifyCodeBody)
  await limitChecking(args)
  const pending = await pendingOf(user, id)
  const failure = await runStrategy(args, user, id, { code: passcode.toUpperCase() })
  if (failure === 'authOtp.notFound') throw refuse(400, failureMessage(failure))
  const session = (await changes.find(id))!
  await changes.end(session)
  if (failure === 'user.exists') throw refuse(409, CONTACT_MESSAGES[pending.kind].taken)
  // Never expected (the strategy checked the code for this address), but never applied blindly either.
  if (failure || session.get('verify:identifier') !== pending.identifier)
    throw new Error(`The contact code was not checked: ${failure}`)
  if ((await applyContactChange(user, pending)) === 'taken') throw refuse(409, CONTACT_MESSAGES[pending.kind].taken)
  return { ok: true, user: selfView(user) }
}

/** The change an app names, if it is the caller's: another's, or none, reads as a code that does not work. */
async function pendingOf(user: User, id: string) {
  const session = await changes.find(id)
  const pending = session ? changes.markOf(session) : undefined
  if (!pending || pending.userId !== user.id) throw refuse(400, failureMessage('authOtp.notFound'))
  return pending
}
