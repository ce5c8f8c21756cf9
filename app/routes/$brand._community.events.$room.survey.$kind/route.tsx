import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormStepFields } from '#app/components/form-fields'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'
import { surveyAction, surveyLoader } from './survey.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => surveyLoader(args)
export const action = (args: ActionFunctionArgs) => surveyAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error, data }) =>
  pageTitle(
    { matches, error },
    data?.kind === 'post' ? 'registration:survey.postTitle' : 'registration:survey.preTitle',
  )
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

/** An event's pre- or post-survey: every step of the form on one page. */
export default function SurveyPage() {
  const { t } = useT()
  const { kind, event, eventPath, steps, defaults, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `survey-${kind}`,
    lastResult: actionData?.result,
    constraint,
    defaultValue: defaults as never,
    shouldRevalidate: 'onBlur',
  })
  return (
    <main id="main" className="community-main registration-page">
      <p className="breadcrumb">
        <Link to={eventPath}>{t('registration:page.backToEvent')}</Link>
      </p>
      <h1>{t(kind === 'post' ? 'registration:survey.postTitle' : 'registration:survey.preTitle')}</h1>
      <p className="muted">{event.name}</p>
      <p>{t(kind === 'post' ? 'registration:survey.postIntro' : 'registration:survey.preIntro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack card registration-card">
        {steps.map((step, index) => (
          <div key={index} className="stack survey-step">
            <FormStepFields fields={step} meta={fields as never} />
          </div>
        ))}
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('registration:survey.save')}
          </button>
        </div>
      </Form>
    </main>
  )
}
