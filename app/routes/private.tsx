import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { useT } from '#app/lib/i18n/use-t'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'pages:private.title')

export function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), '')
  return { signInUrl: redirectTo ? `/sign-in?redirectTo=${encodeURIComponent(redirectTo)}` : '/sign-in' }
}

export default function Private() {
  const { t } = useT()
  const { signInUrl } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('pages:private.title')}
      actions={
        <Link to={signInUrl} className="button button-primary">
          {t('pages:private.signIn')}
        </Link>
      }
    >
      <p>{t('pages:private.message')}</p>
    </StatusPage>
  )
}
