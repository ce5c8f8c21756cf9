import { getInputProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EventTabForm, useEventTabForm } from '#app/components/event-editor-frame'
import { CheckboxField, Field } from '#app/components/field'
import { FormBuilder } from '#app/components/form-builder'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import type { EventSurveysFields } from '#app/lib/events/event-forms.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// The editor's surveys tab: a pre-event and a post-event survey, each on or off
// with its own form builder, and the address people go to when the event ends.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'surveys')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'surveys')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventSurveysTab() {
  const { t } = useT()
  const { form, fields } = useEventTabForm<EventSurveysFields>('surveys')
  return (
    <EventTabForm form={form}>
      {/* Enter in a field submits the form's first button: make that the save, not a builder button. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <fieldset className="stack form-builder-toggle">
        <legend>{t('forms:editor.surveys.preLegend')}</legend>
        <CheckboxField field={fields.preSurveyEnabled} label={t('forms:editor.surveys.preEnabled')} />
        <FormBuilder form={form} field={fields.preSteps} title={t('forms:editor.surveys.preTitle')} />
      </fieldset>

      <fieldset className="stack form-builder-toggle">
        <legend>{t('forms:editor.surveys.postLegend')}</legend>
        <CheckboxField field={fields.postSurveyEnabled} label={t('forms:editor.surveys.postEnabled')} />
        <FormBuilder form={form} field={fields.postSteps} title={t('forms:editor.surveys.postTitle')} />
      </fieldset>

      <fieldset className="stack">
        <legend>{t('forms:editor.surveys.endLegend')}</legend>
        <Field label={t('forms:editor.surveys.endUrl')} errors={fields.redirectOnEndUrl.errors}>
          <input
            {...getInputProps(fields.redirectOnEndUrl, { type: 'url' })}
            placeholder="https://"
            autoComplete="off"
          />
        </Field>
        <p className="hint">{t('forms:editor.surveys.endUrlHint')}</p>
      </fieldset>
    </EventTabForm>
  )
}
