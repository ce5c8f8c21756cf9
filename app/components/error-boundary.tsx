import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import type { RedirectTooLong } from '#app/lib/safe-redirect'
import { useT } from '#app/lib/use-t'
import { StatusPage } from './status-page'

/** What refuses a request body or an address (app/lib/form-body.server.ts, server.js) and how the page names it. */
const REFUSED_BODIES: Record<number, 'badRequest' | 'tooLarge' | 'unsupportedType'> = { 400: 'badRequest', 413: 'tooLarge', 415: 'unsupportedType' }

/** A thrown 400 that says why (safeRedirect's); its body may arrive parsed or as JSON text. */
function redirectTooLong(data: unknown): RedirectTooLong | null {
  let value = data
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  return (value as RedirectTooLong | null)?.reason === 'redirectTooLong' ? (value as RedirectTooLong) : null
}

/** What an error page is titled, for the page (GeneralErrorBoundary) and its <title> (the root's meta). */
export function errorTitle(error: unknown) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (isRouteErrorResponse(error) && redirectTooLong(error.data)) return 'common:otpAndLinks.redirectTooLong.title' as const
  const refused = REFUSED_BODIES[status]
  if (refused) return `common:uploads.${refused}.title` as const
  return status === 404 ? ('common:errors.notFound.title' as const) : status >= 500 ? ('common:errors.server.title' as const) : ('common:errors.generic.title' as const)
}

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
