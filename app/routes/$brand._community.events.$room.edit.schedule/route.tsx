import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EventTabForm, useEventTabForm } from '#app/components/event-editor-frame'
import { EventScheduleFieldset } from '#app/components/event-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import type { EventScheduleFields } from '#app/lib/events/event.schema'
import { pageTitle } from '#app/lib/http/meta'

// The editor's schedule tab: date and time in a chosen zone, duration, registration cutoff and limit.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'schedule')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'schedule')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventScheduleTab() {
  const { page, form, fields } = useEventTabForm<EventScheduleFields>('schedule')
  return (
    <EventTabForm form={form}>
      <EventScheduleFieldset fields={fields} timeZones={page.timeZones} />
    </EventTabForm>
  )
}
