import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { MediaItemRow } from '#app/components/media-item-row'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { recordingsUrl } from '#app/lib/media/media-rules'
import { recordingsAction, recordingsLoader, type RecordingsActionData } from './recordings.server'
import { accountStyles } from '#app/styles/stylesheets'

export const links = accountStyles

export const meta: MetaFunction = ({ matches, error }) => pageTitle({ matches, error }, 'account:recordings.title')
export const loader = (args: LoaderFunctionArgs) => recordingsLoader(args)
export const action = (args: ActionFunctionArgs) => recordingsAction(args)
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function Recordings() {
  const { t } = useT()
  const { listing } = useLoaderData<typeof loader>()
  const failed = useActionData<RecordingsActionData>()
  return (
    <main id="main" className="page account-page">
      <h1>{t('account:recordings.title')}</h1>
      <p className="lead">{t('account:recordings.intro')}</p>
      {failed ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}
      {listing.total === 0 ? (
        <div className="card">
          <p>{t('account:recordings.empty')}</p>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="members-table media-table">
            <caption className="visually-hidden">{t('account:recordings.caption')}</caption>
            <tbody>
              {listing.rows.map((row) => (
                <MediaItemRow
                  key={row.id}
                  row={row}
                  href={`/me/recordings/${row.id}`}
                  deleteAction={recordingsUrl(listing.page)}
                  deleteLabel={t('account:recordings.delete')}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {listing.pages > 1 ? (
        <nav aria-label={t('account:recordings.pagination')} className="pagination">
          {listing.page > 1 ? (
            <a href={recordingsUrl(listing.page - 1)} rel="prev" className="button button-small">
              {t('account:recordings.previous')}
            </a>
          ) : null}
          <p aria-current="page">{t('account:recordings.pageOf', { page: listing.page, pages: listing.pages })}</p>
          {listing.page < listing.pages ? (
            <a href={recordingsUrl(listing.page + 1)} rel="next" className="button button-small">
              {t('account:recordings.next')}
            </a>
          ) : null}
        </nav>
      ) : null}
      <p className="inline-actions">
        <Link to="/me" className="button">
          {t('account:recordings.back')}
        </Link>
      </p>
    </main>
  )
}
