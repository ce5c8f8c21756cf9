import type { MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { pageTitle } from '#app/lib/http/meta'

// Any path no other route claims: a real 404, rendered by the error boundary in the user's language.
export function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'common:errors.notFound.title')

export default function NotFound() {
  return <GeneralErrorBoundary />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
