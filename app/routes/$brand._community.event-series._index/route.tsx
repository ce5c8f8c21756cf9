import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { SeriesTime } from '#app/components/series-time'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { seriesUrl } from '#app/lib/event-series/series-rules'
import { seriesListLoader } from '#app/lib/event-series/series-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// `/{brand}/event-series`, the event series list (page title "Event Series").
export const handle: CommunityHandle = { nav: () => ({ page: 'eventSeries' }) }
export const loader = (args: LoaderFunctionArgs) => seriesListLoader(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'series:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SeriesListPage() {
  const { t } = useT()
  const { brandSlug, rows, mayManage } = useLoaderData<typeof loader>()
  return (
    <main id="main" className="community-main members-page series-page">
      <div className="members-header">
        <h1>{t('series:title')}</h1>
        {mayManage ? (
          <div className="inline-actions">
            <Link to={`/${brandSlug}/event-series/new`} className="button button-primary">
              {t('series:actions.new')}
            </Link>
          </div>
        ) : null}
      </div>
      <p className="lead">{t('series:intro')}</p>
      {rows.length === 0 ? (
        <p className="muted">{t('series:list.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="members-table series-table">
            <caption className="visually-hidden">{t('series:list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('series:list.columns.name')}</th>
                <th scope="col">{t('series:list.columns.summary')}</th>
                <th scope="col">{t('series:list.columns.next')}</th>
                <th scope="col">{t('series:list.columns.sessions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={seriesUrl(brandSlug, row.id)} className="member-name">
                      {row.name}
                    </Link>
                  </td>
                  <td data-label={t('series:list.columns.summary')}>{row.summary}</td>
                  <td data-label={t('series:list.columns.next')}>
                    {row.nextStartsAt ? (
                      <SeriesTime iso={row.nextStartsAt} timeZone={row.timeZone} />
                    ) : (
                      <span className="muted">{t('series:list.none')}</span>
                    )}
                  </td>
                  <td data-label={t('series:list.columns.sessions')}>{row.sessions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  )
}
