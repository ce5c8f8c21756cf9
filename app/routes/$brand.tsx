import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { requireCommunity } from '#app/lib/http/guards.server'

// Everything under /{brand}: the community must exist (an unknown one → the community-not-found
// page). Its children: the sidebar pages (the pathless $brand._community layout), the meeting
// ($brand.$room, full screen) and the community's status pages (access denied, not found).
export async function loader(args: LoaderFunctionArgs) {
  const brand = await requireCommunity(args)
  return { slug: brand.slug }
}

export default function Community() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
