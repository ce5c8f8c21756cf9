import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EventTabForm, useEventTabForm } from '#app/components/event-editor-frame'
import { EventDetailsFieldset } from '#app/components/event-form-parts'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import type { EventDetailsFields } from '#app/lib/events/event.schema'
import { pageTitle } from '#app/lib/http/meta'

// The editor's details tab: name, description, banner.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'details')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'details')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventDetailsTab() {
  const { page, form, fields } = useEventTabForm<EventDetailsFields>('details')
  return (
    <EventTabForm form={form} multipart>
      <EventDetailsFieldset fields={fields} bannerImage={page.event?.bannerImage} />
    </EventTabForm>
  )
}
