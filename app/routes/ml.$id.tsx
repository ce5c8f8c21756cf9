import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ExpiredLinkPrompt } from '#app/components/expired-link-prompt'
import { SwitchAccountPrompt } from '#app/components/switch-account-prompt'
import { signInByLink } from '#app/lib/identity/link-sign-in.server'
import { magicLinkDestination } from '#app/lib/identity/magic-links.server'
import { pageTitle } from '#app/lib/http/meta'
import { routeMessages } from '#app/lib/i18n/page-language.server'

// An action's refusal (a body that is not its form) renders here, under the root's translations.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  data?.prompt
    ? pageTitle({ matches, error }, 'auth:linksOnGet.switchTitle', { name: data.prompt.as })
    : pageTitle({ matches, error }, 'auth:magicLink.expiredTitle')

/**
 * ml/{id}: signs in and goes to the link's destination; a spent or expired link asks to sign in, and
 * a link for another account than the one signed in here asks before switching (signInByLink).
 */
export async function loader(args: LoaderFunctionArgs) {
  return magicLink(args)
}

/** The "continue as X?" form posts here. */
export async function action(args: ActionFunctionArgs) {
  return magicLink(args)
}

async function magicLink(args: LoaderFunctionArgs) {
  const id = args.params.id ?? ''
  const prompt = await signInByLink(args, { token: id, target: '' })
  if (prompt) return data({ messages: await routeMessages(args, 'auth'), prompt, signInUrl: null })
  const destination = (await magicLinkDestination(id)) ?? '/me'
  return data(
    {
      messages: await routeMessages(args, 'auth'),
      prompt: null,
      signInUrl: `/sign-in?redirectTo=${encodeURIComponent(destination)}`,
    },
    { status: 410 },
  )
}

export default function MagicLinkPage() {
  const { prompt, signInUrl } = useLoaderData<typeof loader>()
  return prompt ? <SwitchAccountPrompt {...prompt} /> : <ExpiredLinkPrompt signInUrl={signInUrl ?? '/sign-in'} />
}
