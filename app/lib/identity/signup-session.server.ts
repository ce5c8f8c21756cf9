import type { SignupGiven } from '../communities/community-membership.server'
import { sessionSlot, type AppSession } from '../http/session.server'

/**
 * The sign-ups in progress that wait in the session for their verification code, next to the
 * verification authenticator's own keys (verify:email, verify:otp, verify:identifier).
 */
export const pendingSignups = {
  /** Registering a community: who and its name, until the email is proved. */
  registration: sessionSlot<{ fullName: string; communityName: string }>('signup:registration'),
  /** Claiming a personal room: the link (lower case), what was typed, and the name once given. */
  claim: sessionSlot<{ slug: string; label: string; fullName?: string }>('signup:claim'),
  /**
   * Joining a community through its sign-up link: who, the number to prove (E.164), the terms
   * accepted and the answers given; once the mailed code came back, the address it proved; for
   * someone signed in who proves a number, their account.
   */
  join: sessionSlot<{
    brandId: string
    fullName: string
    phoneNumber?: string | null
    signup?: SignupGiven
    emailAddress?: string | null
    userId?: string | null
  }>('signup:join'),
}

type Flow = keyof typeof pendingSignups
const FLOWS = Object.keys(pendingSignups) as Flow[]

/**
 * Call when a flow has just sent its code, before it records what it waits for: the other flows
 * begun in this browser are dropped, so a code sent for one flow never completes another.
 */
export function beginSignup(session: AppSession, flow: Flow) {
  for (const other of FLOWS) if (other !== flow) unsetFlow(session, other)
}

/** Start over: every sign-up in progress and its code are forgotten. */
export function forgetPendingSignups(session: AppSession) {
  for (const key of ['verify:email', 'verify:otp', 'verify:identifier'] as const) session.unset(key)
  for (const flow of FLOWS) unsetFlow(session, flow)
}

function unsetFlow(session: AppSession, flow: Flow) {
  pendingSignups[flow].unset(session)
}
