import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { SeriesForm, SeriesRefusal } from '#app/components/series-form'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { seriesListUrl } from '#app/lib/event-series/series-rules'
import { newSeriesAction, newSeriesLoader } from '#app/lib/event-series/series-routes.server'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// `/{brand}/event-series/new`: the series editor for a new series. Without
// create-event-series the page says so (403).
export const handle: CommunityHandle = { nav: () => ({ page: 'eventSeries' }) }
export const loader = (args: LoaderFunctionArgs) => newSeriesLoader(args)
export const action = (args: ActionFunctionArgs) => newSeriesAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'series:new.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { result: SubmissionResult<string[]> | null; error: TranslationKey | null }

export default function NewSeriesPage() {
  const { t } = useT()
  const { brandSlug, mayManage, constraint, timeZones, defaults } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  return (
    <main id="main" className="community-main member-editor series-editor">
      <p className="breadcrumb">
        <Link to={seriesListUrl(brandSlug)}>{t('series:page.back')}</Link>
      </p>
      <h1>{t('series:new.title')}</h1>
      {!mayManage || actionData?.error ? (
        <SeriesRefusal />
      ) : (
        <>
          <p className="lead">{t('series:new.intro')}</p>
          <SeriesForm
            id="new-series"
            lastResult={actionData?.result}
            defaultValue={defaults}
            constraint={constraint}
            timeZones={timeZones}
            submitLabel={t('series:new.create')}
            cancelTo={seriesListUrl(brandSlug)}
          />
        </>
      )}
    </main>
  )
}
