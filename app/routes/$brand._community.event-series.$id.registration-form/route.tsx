import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormErrors } from '#app/components/field'
import { FormBuilder } from '#app/components/form-builder'
import { SeriesRefusal } from '#app/components/series-form'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { seriesEditUrl, seriesListUrl, seriesUrl } from '#app/lib/event-series/series-rules'
import { seriesFormAction, seriesFormLoader } from '#app/lib/event-series/series-routes.server'
import type { SeriesRegistrationFormFields } from '#app/lib/event-series/series.schema'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// `/{brand}/event-series/{id}/registration-form`: the registration form every session of the
// series shares, built with the form builder.
export const handle: CommunityHandle = { nav: () => ({ page: 'eventSeriesDetail' }) }
export const loader = (args: LoaderFunctionArgs) => seriesFormLoader(args)
export const action = (args: ActionFunctionArgs) => seriesFormAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'series:title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

// After a save's redirect there is no answer: conform then starts again from what was saved (the new
// fields' names with it). One object, so a render without an answer is not a new reset each time.
const AFTER_SAVE: SubmissionResult<string[]> = { initialValue: null }

type ActionData = { result: SubmissionResult<string[]> | null; error: TranslationKey | null }

export default function SeriesRegistrationFormPage() {
  const { t } = useT()
  const { brandSlug, mayManage, constraint, series } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<SeriesRegistrationFormFields>({
    id: 'series-registration-form',
    lastResult: actionData?.result ?? AFTER_SAVE,
    defaultValue: series ? { steps: series.steps } : undefined,
    constraint: constraint as never,
    shouldValidate: 'onSubmit',
  })
  return (
    <main id="main" className="community-main member-editor series-editor">
      <p className="breadcrumb">
        <Link to={series ? seriesUrl(brandSlug, series.id) : seriesListUrl(brandSlug)}>
          {series ? series.name : t('series:page.back')}
        </Link>
      </p>
      <h1>
        {series ? t('series:registrationForm.title', { name: series.name }) : t('series:registrationForm.action')}
      </h1>
      {!mayManage || !series ? (
        <SeriesRefusal />
      ) : !series.hasForm || actionData?.error ? (
        <p className="notice">
          {t(actionData?.error ?? 'series:registrationForm.off')}{' '}
          <Link to={seriesEditUrl(brandSlug, series.id)}>{t('series:actions.edit')}</Link>
        </p>
      ) : (
        <>
          <p className="lead">{t('series:registrationForm.lead')}</p>
          <FormErrors errors={form.errors} />
          <Form method="post" {...getFormProps(form)} className="stack card member-form">
            {/* Enter in a field submits the form's first button: make that the save, not a builder button. */}
            <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
            <FormBuilder form={form} field={fields.steps} title={t('series:registrationForm.builderTitle')} />
            <div className="inline-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {t('series:registrationForm.save')}
              </button>
            </div>
          </Form>
        </>
      )}
    </main>
  )
}
