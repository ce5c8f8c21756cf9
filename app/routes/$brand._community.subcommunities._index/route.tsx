import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { subcommunitiesLoader } from './subcommunities.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'other' }) }
export const loader = (args: LoaderFunctionArgs) => subcommunitiesLoader(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'tags:subcommunities.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SubcommunitiesPage() {
  const { t } = useT()
  const { community, subcommunities, mayManage } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main members-page">
      <div className="members-header">
        <h1>{t('tags:subcommunities.title')}</h1>
        {mayManage ? (
          <div className="inline-actions">
            <Link to={`/${community.slug}/subcommunities/new`} className="button button-primary">
              {t('tags:subcommunities.new')}
            </Link>
          </div>
        ) : null}
      </div>
      {subcommunities.length === 0 ? (
        <p className="muted">{t('tags:subcommunities.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="members-table">
            <caption className="visually-hidden">{t('tags:subcommunities.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('tags:subcommunities.columns.title')}</th>
                <th scope="col">{t('tags:subcommunities.columns.groups')}</th>
              </tr>
            </thead>
            <tbody>
              {subcommunities.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/${community.slug}/subcommunities/${row.id}`} className="member-name">
                      {row.title}
                    </Link>
                    {row.description ? <div className="muted member-contact">{row.description}</div> : null}
                  </td>
                  <td data-label={t('tags:subcommunities.columns.groups')}>
                    {t('tags:subcommunities.groupCount', { count: row.groupCount })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  )
}
