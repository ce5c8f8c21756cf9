import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireCommunity } from '../http/guards.server'
import { safeRedirect } from '../http/safe-redirect'

/**
 * The product's community-scoped sign-in and private routes (`/{brand}/sign-in`, `/{brand}/private`):
 * the site's own page, coming back to the community (or to the `redirectTo` given, on this site)
 * afterwards, so there is one sign-in page to keep right.
 */
export async function toSitePage(args: LoaderFunctionArgs, page: '/sign-in' | '/private') {
  const brand = await requireCommunity(args)
  const back = safeRedirect(new URL(args.request.url).searchParams.get('redirectTo'), `/${brand.slug}`)
  return redirect(`${page}?redirectTo=${encodeURIComponent(back)}`)
}
