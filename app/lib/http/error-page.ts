import { isRouteErrorResponse } from '@remix-run/react'
import type { RedirectTooLong } from './safe-redirect'

// What an error page says, by the error it shows: shared by the page (GeneralErrorBoundary) and
// every route's <title> (pageTitle), so a page and its title cannot disagree.

/** What refuses a request body or an address (app/lib/http/form-body.server.ts, server.js) and how the page names it. */
export const REFUSED_BODIES: Record<number, 'badRequest' | 'tooLarge' | 'unsupportedType'> = {
  400: 'badRequest',
  413: 'tooLarge',
  415: 'unsupportedType',
}

/** A thrown 400 that says why (safeRedirect's); its body may arrive parsed or as JSON text. */
export function redirectTooLong(data: unknown): RedirectTooLong | null {
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
  if (isRouteErrorResponse(error) && redirectTooLong(error.data))
    return 'common:otpAndLinks.redirectTooLong.title' as const
  const refused = REFUSED_BODIES[status]
  if (refused) return `common:uploads.${refused}.title` as const
  return status === 404
    ? ('common:errors.notFound.title' as const)
    : status >= 500
      ? ('common:errors.server.title' as const)
      : ('common:errors.generic.title' as const)
}
