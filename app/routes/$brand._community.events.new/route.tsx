import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventDetailsFieldset, EventScheduleFieldset } from '#app/components/event-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventsUrl } from '#app/lib/events/event-rules'
import type { NewEventFields } from '#app/lib/events/event.schema'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'
import { newEventAction, newEventLoader } from './new-event.server'

export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => newEventLoader(args)
export const action = (args: ActionFunctionArgs) => newEventAction(args)
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:new.title')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { result: SubmissionResult<string[]> | null; error: TranslationKey | null }

export default function NewEventPage() {
  const { t } = useT()
  const { brandSlug, mayCreate, constraint, timeZones, defaults } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<NewEventFields>({
    id: 'new-event',
    lastResult: actionData?.result ?? undefined,
    defaultValue: defaults,
    constraint,
    shouldValidate: 'onSubmit',
  })
  const back = (
    <p className="breadcrumb">
      <Link to={eventsUrl(brandSlug)}>{t('events:editor.back')}</Link>
    </p>
  )
  if (!mayCreate || actionData?.error) {
    return (
      <main id="main" className="community-main member-editor">
        {back}
        <h1>{t('events:new.title')}</h1>
        <div role="alert" className="notice notice-error">
          <p>{t('events:errors.noPermission')}</p>
        </div>
      </main>
    )
  }
  return (
    <main id="main" className="community-main member-editor event-editor">
      {back}
      <h1>{t('events:new.title')}</h1>
      <p className="lead">{t('events:new.intro')}</p>
      {form.errors?.length ? (
        <div role="alert" className="notice notice-error">
          {form.errors.map((error) => (
            <p key={error}>{t(error as TranslationKey)}</p>
          ))}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack card member-form">
        <EventDetailsFieldset fields={fields} />
        <EventScheduleFieldset fields={fields} timeZones={timeZones} />
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('events:new.create')}
          </button>
          <Link to={eventsUrl(brandSlug)} className="button">
            {t('events:new.cancel')}
          </Link>
        </div>
      </Form>
    </main>
  )
}
