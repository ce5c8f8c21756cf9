import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { safeRedirect } from '#app/lib/http/safe-redirect'
import { useT } from '#app/lib/i18n/use-t'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'pages:connectionError.title')

export function loader({ request }: LoaderFunctionArgs) {
  // The meeting sends people here with the page to go back to once the network is back.
  return { retryTo: safeRedirect(new URL(request.url).searchParams.get('redirectTo')) }
}

export default function ConnectionError() {
  const { t } = useT()
  const { retryTo } = useLoaderData<typeof loader>()
  return (
    <StatusPage
      title={t('pages:connectionError.title')}
      actions={
        <a href={retryTo} className="button button-primary">
          {t('common:actions.tryAgain')}
        </a>
      }
    >
      <p>{t('pages:connectionError.message')}</p>
      <h2 className="status-subtitle">{t('pages:connectionError.notConnectedTitle')}</h2>
      <p>{t('pages:connectionError.notConnectedMessage')}</p>
      <p>
        <Link to="/">{t('common:actions.goHome')}</Link>
      </p>
    </StatusPage>
  )
}
