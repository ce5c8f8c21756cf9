import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { embeddedLoader } from '#app/lib/embedding/embedded.server'
import { directoryStyles } from '#app/styles/stylesheets'

export const links = directoryStyles

// /embedded (claim, claim-your-name, claimed/{slug}): the personal-room claim's framed
// entry points, for the site's own embedding page (the main brand's embeddedClientUrl, see
// docs/decisions/0007-embedding.md). They hand over to /register/room in a tab of its own: a
// cross-site frame carries no session cookie, so the claim's steps cannot run inside it.
export const loader = (args: LoaderFunctionArgs) => embeddedLoader(args)

export const handle = {
  frameAncestors: (data: unknown) => {
    const embedder = (data as { embedder?: string | null } | undefined)?.embedder
    return embedder ? [embedder] : []
  },
}

export default function Embedded() {
  return (
    <main id="main" className="framed-page stack">
      <Outlet />
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
