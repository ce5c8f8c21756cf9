import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CommunityHomeView } from '#app/components/community-home'
import { communityHomeData } from '#app/lib/communities/community-home.server'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { requireCommunityPage } from '#app/lib/http/guards.server'
import { pageTitle } from '#app/lib/http/meta'

export const handle: CommunityHandle = { nav: () => ({ page: 'home' }) }

// Members enter with the access-community permission; guests only where the admins allow it.
export const loader = async (args: LoaderFunctionArgs) => communityHomeData(await requireCommunityPage(args, 'home'))

export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle({ matches, error }, 'pages:community.welcome', { name: data?.community.name ?? '' })

export default function CommunityHome() {
  return <CommunityHomeView data={useLoaderData<typeof loader>()} />
}
