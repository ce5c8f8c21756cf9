import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { pageTitle } from '#app/lib/http/meta'

/**
 * The page for a request server.js refuses before Remix sees it (a body over its limit, an address
 * that cannot name anything). server.js hands such a request over here as a bodiless GET, keeping
 * its cookies and Accept-Language, so the refusal is the app's own page in the visitor's language
 * and theme, with the status server.js chose. Visited directly, it shows the same page.
 */
const HANDED_OVER = new Set([400, 413, 415])

export function loader({ params }: LoaderFunctionArgs) {
  const status = Number(params.status)
  throw new Response(null, { status: HANDED_OVER.has(status) ? status : 404 })
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'common:errors.generic.title')

export default function Refused() {
  return <GeneralErrorBoundary />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
