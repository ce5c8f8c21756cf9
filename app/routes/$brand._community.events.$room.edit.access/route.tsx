import { getInputProps, getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EventTabForm, useEventTabForm } from '#app/components/event-editor-frame'
import { CheckboxField, Field } from '#app/components/field'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import { EVENT_PRIVACY } from '#app/lib/events/event-rules'
import type { EventAccessFields } from '#app/lib/events/event.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// The editor's access tab: privacy, the activity feed, the late-joiner window.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'access')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'access')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventAccessTab() {
  const { t } = useT()
  const { form, fields } = useEventTabForm<EventAccessFields>('access')
  return (
    <EventTabForm form={form}>
      <fieldset className="stack">
        <legend>{t('events:editor.tabs.access')}</legend>
        <Field label={t('events:fields.privacy')} errors={fields.privacy.errors}>
          <select {...getSelectProps(fields.privacy)}>
            {EVENT_PRIVACY.map((privacy) => (
              <option key={privacy} value={privacy}>
                {t(`events:privacy.${privacy}`)}
              </option>
            ))}
          </select>
        </Field>
        <p className="hint">{t('events:fields.privacyHint')}</p>
        <CheckboxField field={fields.feedVisible} label={t('events:fields.feedVisible')} />
        <CheckboxField
          field={fields.publicPosting}
          label={t('events:fields.publicPosting')}
          hint={t('events:fields.publicPostingHint')}
        />
        <Field label={t('events:fields.lateJoinerWindowMinutes')} errors={fields.lateJoinerWindowMinutes.errors}>
          <input {...getInputProps(fields.lateJoinerWindowMinutes, { type: 'number' })} inputMode="numeric" />
        </Field>
        <p className="hint">{t('events:fields.lateJoinerWindowHint')}</p>
      </fieldset>
    </EventTabForm>
  )
}
