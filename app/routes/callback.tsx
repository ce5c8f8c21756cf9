import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ExpiredLinkPrompt } from '#app/components/expired-link-prompt'
import { redeemMagicLink } from '#app/lib/magic-links.server'
import { pageTitle } from '#app/lib/meta'
import { safeRedirect } from '#app/lib/safe-redirect'
import { afterSignIn, endIdentity, getSession, sessionStorage, startSession } from '#app/lib/session.server'
import { routeMessages } from '#app/lib/page-language.server'

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'auth:magicLink.expiredTitle')

/**
 * The sign-in callback. Query parameters (spec §2): a or h, an access or host token (Hearth's tokens
 * are magic-link ids); r, where to go; s, an identity to sign out; ml, a magic link that could not
 * be used; aj, the host auto-join flag (a non-zero number); bex, the embedded flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request } = args
  const query = new URL(request.url).searchParams
  const target = safeRedirect(query.get('r'), '')
  const session = await getSession(request)

  const signOut = query.get('s')
  if (signOut) throw await endIdentity(session, target || '/', signOut)

  const token = query.get('a') ?? query.get('h')
  const redeemed = token ? await redeemMagicLink(token) : null
  if ((token && !redeemed) || query.has('ml')) return expired(args, target)

  const flags = { autoJoin: Number(query.get('aj')) > 0, embedded: query.get('bex') === '1' || query.get('bex') === 'true' }
  if (redeemed) {
    throw await startSession(session, redeemed.userId, target || redeemed.destinationUrl, flags)
  }
  session.set('flags', flags)
  throw redirect(afterSignIn(target), { headers: { 'Set-Cookie': await sessionStorage.commitSession(session) } })
}

async function expired(args: LoaderFunctionArgs, target: string) {
  return data({ messages: await routeMessages(args, 'auth'), signInUrl: `/sign-in${target ? `?redirectTo=${encodeURIComponent(target)}` : ''}` }, { status: 410 })
}

export default function Callback() {
  return <ExpiredLinkPrompt signInUrl={useLoaderData<typeof loader>().signInUrl} />
}
