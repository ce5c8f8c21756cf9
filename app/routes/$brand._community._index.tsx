import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CommunityHomeView } from '#app/components/community-home'
import { communityHomeData } from '#app/lib/communities/community-home.server'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { pageTitle } from '#app/lib/http/meta'
import { newPostAction } from '#app/lib/posts/post-actions.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'home' }) }

// Members enter with the access-community permission; guests only where the admins allow it.
export const loader = async (args: LoaderFunctionArgs) =>
  communityHomeData(await requireCommunityPage(args, 'home'), args)
// The hub feed's "write a post" form; the buttons under each post go to the post's own address.
export const action = (args: ActionFunctionArgs) => newPostAction(args, { fallback: `/${args.params.brand}` })

export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'pages:community.welcome', { name: data?.community.name ?? '' })

export default function CommunityHome() {
  return <CommunityHomeView data={useLoaderData<typeof loader>()} />
}
