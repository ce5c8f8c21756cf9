import type { LoaderFunctionArgs } from '@remix-run/node'
import { GeneralErrorBoundary } from '#app/components/error-boundary'
import { connect } from '#app/lib/identity/oauth.server'

/**
 * /connect/{provider}: social sign-in. The loader always answers with a redirect (to the provider,
 * back signed in, or to /sign-in with a try-again message) or a 404 for a provider that is not
 * configured, which the error boundary renders in the user's language.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => connect(request, params.provider)

export default function Connect() {
  return null
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
