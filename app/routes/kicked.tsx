import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { StatusPage } from '#app/components/status-page'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'pages:kicked.notice')

export default function Kicked() {
  const { t } = useT()
  return (
    <StatusPage
      title={t('pages:kicked.title')}
      actions={
        <Link to="/" className="button button-primary">
          {t('common:actions.goHome')}
        </Link>
      }
    >
      <p role="alert">{t('pages:kicked.notice')}</p>
      <p>{t('pages:kicked.message')}</p>
    </StatusPage>
  )
}
