import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { findBrand } from '#app/lib/communities/brands.server'
import { pageTitle } from '#app/lib/http/meta'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { useT } from '#app/lib/i18n/use-t'
import { routeMessages } from '#app/lib/i18n/page-language.server'

/**
 * {brand}/signin-error: a sign-in for this community failed (a try-again message). Retry goes back
 * to sign-in, returning to `redirectTo` (a path on this site) or the community home.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params, context } = args
  const brand = await findBrand(context, params.brand)
  if (!brand) throw redirect('/community-not-found')
  const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), `/${brand.slug}`)
  return {
    messages: await routeMessages(args, 'signup'),
    community: brand.name,
    retryUrl: `/sign-in?redirectTo=${encodeURIComponent(back)}`,
  }
}

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'signup:signinError.title')

export default function SigninError() {
  const { t } = useT()
  const { community, retryUrl } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('signup:signinError.title')}
      actions={
        <Link to={retryUrl} className="button button-primary">
          {t('signup:signinError.retry')}
        </Link>
      }
    >
      <p>{t('signup:signinError.message', { community })}</p>
    </StatusPage>
  )
}
