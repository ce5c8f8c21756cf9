import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { SeriesTime } from '#app/components/series-time'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventUrl } from '#app/lib/events/event-rules'
import { seriesEditUrl, seriesFormUrl, seriesListUrl } from '#app/lib/event-series/series-rules'
import { seriesPageAction, seriesPageLoader } from '#app/lib/event-series/series-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// `/{brand}/event-series/{id}`, the series' page: the series, its sessions (each an event, linking
// to its page), and for those who manage series the way to edit and to delete (a disclosure that
// says what happens to the sessions, then a button: a confirmation that needs no JavaScript).
export const handle: CommunityHandle = { nav: () => ({ page: 'eventSeriesDetail' }) }
export const loader = (args: LoaderFunctionArgs) => seriesPageLoader(args)
export const action = (args: ActionFunctionArgs) => seriesPageAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'series:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function SeriesPage() {
  const { t } = useT()
  const { brandSlug, mayManage, series } = useLoaderData<typeof loader>()
  const failed = useActionData<{ error: TranslationKey }>()
  const busy = useNavigation().state === 'submitting'
  return (
    <main id="main" className="community-main event-page series-detail">
      <p className="breadcrumb">
        <Link to={seriesListUrl(brandSlug)}>{t('series:page.back')}</Link>
      </p>
      <h1>{series.name}</h1>
      <p className="lead">{series.summary}</p>
      {failed ? (
        <div role="alert" className="notice notice-error">
          <p>{t(failed.error)}</p>
        </div>
      ) : null}
      <dl className="event-facts">
        <dt>{t('series:page.when')}</dt>
        <dd>
          {t('series:page.duration', { minutes: series.durationMinutes })}
          {series.recurrence ? <> · {t(`series:frequencies.${series.recurrence.frequency}`)}</> : null}
          <br />
          <span className="muted">{t('series:page.plannedIn', { zone: series.timeZone })}</span>
        </dd>
        <dt>{t('series:page.registration')}</dt>
        <dd>{t(series.registrationRequired ? 'series:page.registrationRequired' : 'series:page.registrationOff')}</dd>
      </dl>
      {series.description ? <p className="event-description">{series.description}</p> : null}

      <section aria-labelledby="series-sessions-heading">
        <h2 id="series-sessions-heading">{t('series:page.sessions')}</h2>
        {series.sessions.length === 0 ? (
          <p className="muted">{t('series:page.noSessions')}</p>
        ) : (
          <ol className="series-sessions">
            {series.sessions.map((session) => (
              <li key={session.id}>
                {session.status === 'archived' ? (
                  <span>{session.name}</span>
                ) : (
                  <Link to={eventUrl(brandSlug, session.slug)}>{session.name}</Link>
                )}{' '}
                <span className="muted">
                  {session.startsAt ? <SeriesTime iso={session.startsAt} timeZone={series.timeZone} /> : null}
                  {session.status === 'archived' ? (
                    <> · {t('series:page.archived')}</>
                  ) : session.started ? (
                    <> · {t('series:page.started')}</>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {mayManage ? (
        <div className="inline-actions event-actions">
          <Link to={seriesEditUrl(brandSlug, series.id)} className="button">
            {t('series:actions.edit')}
          </Link>
          {series.registrationRequired ? (
            <Link to={seriesFormUrl(brandSlug, series.id)} className="button">
              {t('series:registrationForm.action')}
            </Link>
          ) : null}
          <details className="series-delete">
            <summary className="button">{t('series:actions.delete')}</summary>
            <div className="card stack">
              <h2>{t('series:page.deleteTitle')}</h2>
              <p>{t('series:page.deleteExplained')}</p>
              <Form method="post">
                <button type="submit" name="intent" value="delete" className="button button-danger" disabled={busy}>
                  {t('series:actions.confirmDelete')}
                </button>
              </Form>
            </div>
          </details>
        </div>
      ) : null}
    </main>
  )
}
