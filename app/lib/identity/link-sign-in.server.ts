import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { accountLabel, redeemMagicLink, usableMagicLink } from './magic-links.server'
import { readForm } from '../http/form-body.server'
import { startSession, viewer, type SessionData } from '../http/session.server'

/** What the page shows instead of switching accounts: "continue as {as}?", with a POST form. */
export type SwitchAccountPrompt = { as: string; current: string; currentUserId: string; stayUrl: string }

type LinkSignIn = {
  token: string
  /** Where to go afterwards; empty means the link's own destination. */
  target: string
  /** The host's flags (a redeemed host token only); otherwise the session keeps the ones it has. */
  flags?: SessionData['flags']
}

/** What a link proves: whose it is, where "stay as I am" goes, and how to spend it (null: spent meanwhile). */
export type LinkCredential = {
  userId: string
  stayUrl: string
  flags?: SessionData['flags']
  redeem: () => Promise<{ userId: string; to: string } | null>
}

/**
 * Signs in by a link (ml/{id}, the callback's a/h token, a registration's auto-join link),
 * defending against login CSRF: a link that would put this browser into another account than the
 * one signed in here only asks on a GET ("continue as X?"), and a POST (that question's form)
 * switches only when it names the account it replaces, the one this request's session holds. A
 * cross-site POST carries no SameSite=Lax cookie: it would look like nobody is signed in, so a POST
 * never signs in without that match.
 *
 * Throws the sign-in's redirect; returns the question to ask, or null when the link was spent meanwhile.
 */
export async function signInWithConsent(
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
  credential: LinkCredential,
): Promise<SwitchAccountPrompt | null> {
  const { session, user } = await viewer(request, context)
  if (request.method === 'POST') {
    // Only the question's own form switches: a POST from anywhere else (no cookie, or not naming the
    // account signed in here) goes back to asking, as a GET (303), which sees this browser's cookie.
    const replacing = (await readForm(request)).get('replacing')
    if (!user || replacing !== user.id) throw redirect(new URL(request.url).pathname + new URL(request.url).search, 303)
  } else if (user && user.id !== credential.userId) {
    const [as, current] = await Promise.all([accountLabel(credential.userId), accountLabel(user.id)])
    return { as, current, currentUserId: user.id, stayUrl: credential.stayUrl }
  }
  const redeemed = await credential.redeem()
  if (!redeemed) return null
  throw await startSession(session, redeemed.userId, redeemed.to, credential.flags)
}

/** A magic link's sign-in (signInWithConsent); null when the link is spent, expired or unknown. */
export async function signInByLink(
  args: Pick<ActionFunctionArgs, 'request' | 'context'>,
  link: LinkSignIn,
): Promise<SwitchAccountPrompt | null> {
  const usable = await usableMagicLink(link.token)
  if (!usable) return null
  return signInWithConsent(args, {
    userId: usable.userId,
    stayUrl: link.target || '/',
    flags: link.flags,
    redeem: async () => {
      const redeemed = await redeemMagicLink(link.token)
      return redeemed && { userId: redeemed.userId, to: link.target || redeemed.destinationUrl }
    },
  })
}

/**
 * The spec's `?refreshme={token}` on any page: the sign-in callback (/callback?a=) signs in with the token (a magic
 * link's id), asking first when another account is signed in here, and comes back to the page without it. Null when
 * the address carries none.
 */
export function refreshmeRedirect(url: URL): string | null {
  const token = url.searchParams.get('refreshme')
  if (token === null) return null
  const back = new URL(url)
  back.searchParams.delete('refreshme')
  const callback = new URLSearchParams({ r: back.pathname + back.search })
  if (token) callback.set('a', token)
  return `/callback?${callback}`
}
