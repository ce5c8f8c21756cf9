import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useMatches } from '@remix-run/react'
import { CommunitySidebar } from '#app/components/community-sidebar'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { findBrand } from '#app/lib/brands.server'
import { highlightedItem, type NavLocation } from '#app/lib/navigation'

/** What a community page tells the layout about itself, for the sidebar's highlight. */
export type CommunityHandle = { nav?: (data: unknown) => NavLocation }

export async function loader({ params, context }: LoaderFunctionArgs) {
  const brand = await findBrand(context, params.brand)
  if (!brand) throw redirect('/community-not-found')
  return { slug: brand.slug }
}

export default function CommunityLayout() {
  const { slug } = useLoaderData<typeof loader>()
  const leaf = useMatches().at(-1)
  const location = (leaf?.handle as CommunityHandle | undefined)?.nav?.(leaf?.data) ?? { page: 'other' }
  return (
    <div className="community-layout">
      <CommunitySidebar brandSlug={slug} current={highlightedItem(location)} />
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
