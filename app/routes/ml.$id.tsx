import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ExpiredLinkPrompt } from '#app/components/expired-link-prompt'
import { magicLinkDestination, redeemMagicLink } from '#app/lib/magic-links.server'
import { pageTitle } from '#app/lib/meta'
import { getSession, startSession } from '#app/lib/session.server'
import { routeMessages } from '#app/lib/page-language.server'

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, 'auth:magicLink.expiredTitle')

/** ml/{id}: signs in and goes to the link's destination; a spent or expired link asks to sign in. */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args
  const id = params.id ?? ''
  const redeemed = await redeemMagicLink(id)
  if (redeemed) throw await startSession(await getSession(request), redeemed.userId, redeemed.destinationUrl)
  const destination = (await magicLinkDestination(id)) ?? '/me'
  return data({ messages: await routeMessages(args, 'auth'), signInUrl: `/sign-in?redirectTo=${encodeURIComponent(destination)}` }, { status: 410 })
}

export default function ExpiredMagicLink() {
  return <ExpiredLinkPrompt signInUrl={useLoaderData<typeof loader>().signInUrl} />
}
