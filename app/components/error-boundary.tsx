import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import { useT } from '#app/lib/use-t'
import { StatusPage } from './status-page'

/** What refuses a request body or an address (app/lib/form-body.server.ts, server.js) and how the page names it. */
const REFUSED_BODIES: Record<number, 'badRequest' | 'tooLarge' | 'unsupportedType'> = { 400: 'badRequest', 413: 'tooLarge', 415: 'unsupportedType' }

/**
 * What a failed page shows: "not found" for 404s, a plain apology for server errors. The stack
 * never reaches the page in production (Remix strips it from the error it sends to the browser).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const { t } = useT()
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const refused = REFUSED_BODIES[status]
  const [title, message] =
    status === 404
      ? [t('common:errors.notFound.title'), t('common:errors.notFound.message', { path: location.pathname })]
      : refused
        ? [t(`common:uploads.${refused}.title`), t(`common:uploads.${refused}.message`)]
        : status >= 500
          ? [t('common:errors.server.title'), t('common:errors.server.message')]
          : [t('common:errors.generic.title'), t('common:errors.generic.message', { status })]
  return (
    <StatusPage
      title={title}
      actions={
        <Link to="/" className="button button-primary">
          {t('common:actions.goHome')}
        </Link>
      }
    >
      <p>{message}</p>
    </StatusPage>
  )
}
