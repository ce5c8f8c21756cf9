import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import { REFUSED_BODIES, errorTitle, redirectTooLong } from '#app/lib/http/error-page'
import { useT } from '#app/lib/i18n/use-t'
import { StatusPage } from './status-page'

/**
 * What a failed page shows: "not found" for 404s, a plain apology for server errors. The stack
 * never reaches the page in production (Remix strips it from the error it sends to the browser).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const { t } = useT()
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const tooLong = isRouteErrorResponse(error) ? redirectTooLong(error.data) : null
  const refused = REFUSED_BODIES[status]
  const title = t(errorTitle(error))
  const message = tooLong
    ? t('common:otpAndLinks.redirectTooLong.message', { max: tooLong.max })
    : status === 404
      ? t('common:errors.notFound.message', { path: location.pathname })
      : refused
        ? t(`common:uploads.${refused}.message`)
        : status >= 500
          ? t('common:errors.server.message')
          : t('common:errors.generic.message', { status })
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
