import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useMatches, useRouteLoaderData } from '@remix-run/react'
import { CommunitySidebar } from '#app/components/community-sidebar'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { highlightedItem, type CommunityHandle } from '#app/lib/communities/navigation'
import { sidebarUnread } from '#app/lib/messages/unread-badge.server'
import type { loader as rootLoader } from '#app/root'
import { communityStyles } from '#app/styles/stylesheets'

export const links = communityStyles

export async function loader(args: LoaderFunctionArgs) {
  return { unread: await sidebarUnread(args) }
}

// The community's pages with its sidebar (a pathless layout: it adds nothing to the address).
// Each page says where it is through its handle, and the sidebar highlights by the product's rules.
export default function CommunityLayout() {
  // The community the root loader found for this address (the $brand layout made sure there is one).
  const { slug } = useRouteLoaderData<typeof rootLoader>('root')!.community!
  const { unread } = useLoaderData<typeof loader>()
  const leaf = useMatches().at(-1)
  const location = (leaf?.handle as CommunityHandle | undefined)?.nav?.(leaf?.data) ?? { page: 'other' }
  return (
    <div className="community-layout">
      <CommunitySidebar brandSlug={slug} current={highlightedItem(location)} unread={unread} />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
