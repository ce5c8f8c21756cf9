import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { SeriesForm, SeriesRefusal } from '#app/components/series-form'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { seriesListUrl, seriesUrl } from '#app/lib/event-series/series-rules'
import { editSeriesAction, editSeriesLoader } from '#app/lib/event-series/series-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// `/{brand}/event-series/{id}/edit`: the series editor. Changing the schedule moves only
// the sessions that have not started (app/lib/event-series/series-commands.server.ts).
export const handle: CommunityHandle = { nav: () => ({ page: 'eventSeriesDetail' }) }
export const loader = (args: LoaderFunctionArgs) => editSeriesLoader(args)
export const action = (args: ActionFunctionArgs) => editSeriesAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'series:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { result: SubmissionResult<string[]> | null; error: TranslationKey | null }

export default function EditSeriesPage() {
  const { t } = useT()
  const { brandSlug, mayManage, constraint, timeZones, series } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  return (
    <main id="main" className="community-main member-editor series-editor">
      <p className="breadcrumb">
        <Link to={series ? seriesUrl(brandSlug, series.id) : seriesListUrl(brandSlug)}>
          {series ? series.name : t('series:page.back')}
        </Link>
      </p>
      <h1>{series ? t('series:edit.title', { name: series.name }) : t('series:actions.edit')}</h1>
      {!mayManage || !series || actionData?.error ? (
        <SeriesRefusal />
      ) : (
        <>
          <p className="lead">{t('series:edit.movesNote')}</p>
          <SeriesForm
            id="edit-series"
            lastResult={actionData?.result}
            defaultValue={series.values}
            constraint={constraint}
            timeZones={timeZones}
            submitLabel={t('series:edit.save')}
            cancelTo={seriesUrl(brandSlug, series.id)}
          />
        </>
      )}
    </main>
  )
}
