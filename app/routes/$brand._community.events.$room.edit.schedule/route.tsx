import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { EventEditorFrame } from '#app/components/event-editor-frame'
import { EventScheduleFieldset } from '#app/components/event-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import type { EventScheduleFields } from '#app/lib/events/event.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// The editor's schedule tab (spec §2, §5): date and time in a chosen zone, duration, registration cutoff and limit.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'schedule')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'schedule')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) => pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

type ActionData = { result: SubmissionResult<string[]> | null }

export default function EventScheduleTab() {
  const { t } = useT()
  const { brandSlug, event, refusal, constraint, timeZones } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<EventScheduleFields>({
    id: 'event-schedule',
    lastResult: actionData?.result ?? undefined,
    defaultValue: event?.schedule,
    constraint,
    shouldValidate: 'onSubmit',
  })
  return (
    <EventEditorFrame brandSlug={brandSlug} event={event} refusal={refusal} formErrors={form.errors}>
      <Form method="post" {...getFormProps(form)} className="stack card member-form">
        <EventScheduleFieldset fields={fields} timeZones={timeZones} />
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('events:editor.save')}
          </button>
        </div>
      </Form>
    </EventEditorFrame>
  )
}
