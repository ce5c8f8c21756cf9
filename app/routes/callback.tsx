import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ExpiredLinkPrompt } from '#app/components/expired-link-prompt'
import { SwitchAccountPrompt } from '#app/components/switch-account-prompt'
import { signInByLink } from '#app/lib/identity/link-sign-in.server'
import { pageTitle } from '#app/lib/http/meta'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { afterSignIn } from '#app/lib/http/session.server'
import { routeMessages } from '#app/lib/i18n/page-language.server'

// An action's refusal (a body that is not its form) renders here, under the root's translations.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  data?.prompt
    ? pageTitle({ matches, error }, 'auth:linksOnGet.switchTitle', { name: data.prompt.as })
    : pageTitle({ matches, error }, 'auth:magicLink.expiredTitle')

/**
 * The sign-in callback. Query parameters: a or h, an access or host token (Hearth's tokens
 * are magic-link ids); r, where to go; ml, a magic link that could not be used; aj, the host
 * auto-join flag (a non-zero number); bex, the embedded flag.
 *
 * Nothing here acts on a bare GET that someone else could have linked to:
 * - aj and bex count only with a host token (h) that is redeemed here: otherwise any cross-site
 *   link could arm a host's auto-join, and camera and microphone would go live on the next visit.
 * - s (the product's "identity to sign out") is ignored: signing out is a POST (the account menu's
 *   form, /resources/account), and Hearth never links to ?s=, so asking would only confuse.
 * - a token that would switch this browser to another account asks first (signInByLink).
 */
export async function loader(args: LoaderFunctionArgs) {
  return callback(args)
}

/** The "continue as X?" form posts here, to the same address. */
export async function action(args: ActionFunctionArgs) {
  return callback(args)
}

async function callback(args: LoaderFunctionArgs) {
  const query = new URL(args.request.url).searchParams
  const target = safeRedirect(query.get('r'), '')
  if (query.has('ml')) return expired(args, target)
  const host = query.get('h')
  const token = query.get('a') ?? host
  if (!token) throw redirect(afterSignIn(target))
  const flags =
    token === host
      ? { autoJoin: Number(query.get('aj')) > 0, embedded: query.get('bex') === '1' || query.get('bex') === 'true' }
      : undefined
  const prompt = await signInByLink(args, { token, target, flags })
  if (!prompt) return expired(args, target)
  return data({ messages: await routeMessages(args, 'auth'), prompt, signInUrl: null })
}

async function expired(args: LoaderFunctionArgs, target: string) {
  return data(
    {
      messages: await routeMessages(args, 'auth'),
      prompt: null,
      signInUrl: `/sign-in${target ? `?redirectTo=${encodeURIComponent(target)}` : ''}`,
    },
    { status: 410 },
  )
}

export default function Callback() {
  const { prompt, signInUrl } = useLoaderData<typeof loader>()
  return prompt ? <SwitchAccountPrompt {...prompt} /> : <ExpiredLinkPrompt signInUrl={signInUrl ?? '/sign-in'} />
}
