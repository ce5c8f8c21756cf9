import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { CommunityLogo } from '#app/components/community-logo'
import { UserCommunities } from '#app/components/user-communities'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { communitiesAction, communitiesLoader } from './communities.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:communities.title')
export const loader = (args: LoaderFunctionArgs) => communitiesLoader(args)
export const action = (args: ActionFunctionArgs) => communitiesAction(args)
// Its own boundary, so a refused form (app/lib/http/form-body.server.ts) still gets the root's data: the language and its texts.
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function Communities() {
  const { t } = useT()
  const location = useLocation()
  const { signedIn, yours, inactive, communities, page, pages, previousUrl, nextUrl } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return (
    <main id="main" className="page account-page">
      <h1>{t('account:communities.title')}</h1>
      <p className="lead">{t('account:communities.intro')}</p>

      <section aria-labelledby="yours-heading" className="account-section">
        <h2 id="yours-heading">{t('account:communities.yours')}</h2>
        {!signedIn ? (
          <p>
            {t('account:communities.signInPrompt')}{' '}
            <Link to={`/sign-in?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>
              {t('account:communities.signIn')}
            </Link>
          </p>
        ) : yours.length ? (
          <UserCommunities communities={yours} headingLevel={3} />
        ) : (
          <p>{t('account:communities.yoursEmpty')}</p>
        )}
      </section>

      {inactive.length ? (
        <section aria-labelledby="inactive-heading" className="account-section">
          <h2 id="inactive-heading">{t('settings:inactive.heading')}</h2>
          <p className="hint">{t('settings:inactive.hint')}</p>
          {failed?.error ? (
            <p role="alert" className="notice notice-error">
              {t(failed.error)}
            </p>
          ) : null}
          <ul className="community-list">
            {inactive.map((community) => (
              <li key={community.id} className="card community-card">
                <h3>{community.name}</h3>
                <Form method="post">
                  <input type="hidden" name="brandId" value={community.id} />
                  <button type="submit" className="button button-small">
                    {t('settings:inactive.reactivate', { name: community.name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="public-heading" className="account-section">
        <h2 id="public-heading">{t('account:communities.public')}</h2>
        {communities.length === 0 ? (
          <p>{t('account:communities.none')}</p>
        ) : (
          <ul className="community-list">
            {communities.map((community) => (
              <li key={community.id} className="card community-card">
                <h3>
                  <Link to={`/${community.slug}`}>
                    <CommunityLogo src={community.logo} />
                    {community.name}
                  </Link>
                </h3>
                <p className="muted">{t('account:communities.members', { count: community.memberCount })}</p>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={t('account:communities.pagination')} className="pagination">
            {previousUrl ? (
              <Link to={previousUrl} rel="prev" className="button button-small">
                {t('account:communities.previous')}
              </Link>
            ) : null}
            <p aria-current="page">{t('account:communities.pageOf', { page, pages })}</p>
            {nextUrl ? (
              <Link to={nextUrl} rel="next" className="button button-small">
                {t('account:communities.next')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </main>
  )
}
