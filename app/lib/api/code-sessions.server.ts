// A code session (decision 0022): the sessions row an app's code flow lives in between its JSON calls, in place of a
// browser's cookie. The pages' code strategies (remix-auth-otp) keep their state in a session; run against this
// row, they work for an app unchanged. The row's id is the `id` the app holds; each flow marks its rows, and a row
// without the flow's mark (a browser's session) is never taken for one.
import type { Authenticator } from 'remix-auth'
import { Session as SessionRow } from '#models/index'
import { CODE_LIFETIME_MS, failureOf, strategyRequest, type SignInFailure } from '../identity/auth.server'
import { refuse, type ApiArgs } from '../http/api.server'
import { sessionCookie, sessionSlot, sessionStorage, type AppSession } from '../http/session.server'
import { LIMITS, hit, limitCodeSending } from '../platform/rate-limit.server'

/** The code sessions of one flow (`api:signIn`), each marked with what the flow keeps there (`Mark`). */
export function codeSessions<Mark>(flow: `api:${string}`) {
  const mark = sessionSlot<Mark>(flow)

  /** The Cookie header that names a row to a strategy. */
  const cookieOf = async (id: string) => (await sessionCookie.serialize(id)).split(';')[0]!

  return {
    /** What the flow marked its row with. */
    markOf: (session: AppSession) => mark.get(session),

    /** A new row marked for the flow, living as long as a code. */
    async start(value: Mark): Promise<string> {
      const session = await sessionStorage.getSession()
      mark.set(session, value)
      const setCookie = await sessionStorage.commitSession(session, {
        expires: new Date(Date.now() + CODE_LIFETIME_MS),
      })
      return (await sessionCookie.parse(setCookie)) as string
    },

    /** The flow's row an app names, or null: unknown, expired, or not the flow's. */
    async find(id: string): Promise<AppSession | null> {
      const session = await sessionStorage.getSession(await cookieOf(id))
      return mark.get(session) === undefined ? null : session
    },

    /**
     * One step of a strategy (send, resend or check) on the row; its failure, or null. A strategy commits with a
     * browser session's lifetime: the row is put back to a code's.
     */
    async run(
      authenticator: Authenticator<string>,
      strategy: string,
      request: Request,
      id: string,
      fields: Record<string, string>,
    ): Promise<SignInFailure | null> {
      try {
        await authenticator.authenticate(
          strategy,
          strategyRequest(request, new URLSearchParams(fields), await cookieOf(id)),
          {
            successRedirect: '/',
          },
        )
      } catch (thrown) {
        if (thrown instanceof Response && thrown.status === 302) {
          await SessionRow.update({ expiresAt: new Date(Date.now() + CODE_LIFETIME_MS) }, { where: { id } })
          return null
        }
        if (thrown instanceof Response) throw thrown
        return failureOf(thrown)
      }
      return 'unknown'
    },

    /** Ends the flow: the row is gone. */
    end: (session: AppSession) => sessionStorage.destroySession(session),
  }
}

/**
 * The pages' limits on sending codes (per address, per client address, per `account` a day: the account's id, or
 * the address for one that has none yet).
 */
export async function limitSending(args: ApiArgs, identifier: string, account: string) {
  const limited = await limitCodeSending({ identifier, account, clientAddress: args.context.clientAddress })
  if (limited)
    throw Object.assign(refuse(429, limited.message, { minutes: limited.minutes }), {
      retryAfterSeconds: limited.minutes * 60,
    })
}

/** The pages' limit on checking codes, per client address: guessing costs as much here as there. */
export async function limitChecking(args: ApiArgs) {
  const { allowed, retryAfterSeconds } = await hit(LIMITS.verificationsPerAddress, args.context.clientAddress)
  if (!allowed)
    throw Object.assign(refuse(429, 'auth:errors.tooMany', { minutes: Math.ceil(retryAfterSeconds / 60) }), {
      retryAfterSeconds,
    })
}
