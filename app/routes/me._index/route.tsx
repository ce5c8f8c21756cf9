import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { UserCommunities } from '#app/components/user-communities'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { meLoader } from './me.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:me.title')
export const loader = (args: LoaderFunctionArgs) => meLoader(args)

export default function Me() {
  const { t } = useT()
  const { communities } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="page account-page">
      <h1>{t('account:me.title')}</h1>
      {communities.length ? (
        <>
          <p className="lead">{t('account:me.intro')}</p>
          <UserCommunities communities={communities} headingLevel={2} />
        </>
      ) : (
        <div className="card">
          <p>{t('account:me.empty')}</p>
        </div>
      )}
      <p className="inline-actions">
        <Link to="/communities" className="button">
          {t('account:me.browse')}
        </Link>
        <Link to="/me/settings" className="button">
          {t('account:me.settings')}
        </Link>
        <Link to="/me/recordings" className="button">
          {t('account:me.recordings')}
        </Link>
        <Link to="/me/tokens" className="button">
          {t('account:me.tokens')}
        </Link>
        <Link to="/me/calendar" className="button">
          {t('account:calendar.meLink')}
        </Link>
      </p>
    </main>
  )
}
