import { getSelectProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { EventTabForm, useEventTabForm } from '#app/components/event-editor-frame'
import { CheckboxField, Field } from '#app/components/field'
import { FormBuilder } from '#app/components/form-builder'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import type { EventRegistrationFields } from '#app/lib/events/event-forms.schema'
import { pageTitle } from '#app/lib/http/meta'
import { useT } from '#app/lib/i18n/use-t'

// The editor's registration tab: registration on or off, approval, the
// registration form (built with the form builder) and the fields matchmaking sorts breakouts by.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'registration')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'registration')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventRegistrationTab() {
  const { t } = useT()
  const { page, form, fields } = useEventTabForm<EventRegistrationFields>('registration')
  const matchFields = page.event?.matchFields ?? []
  const choice = (field: typeof fields.matchPrimaryField, label: string) => (
    <Field label={label} errors={field.errors}>
      <select {...getSelectProps(field)}>
        <option value="">{t('forms:editor.registration.matchNone')}</option>
        {matchFields.map((option) => (
          <option key={option.name} value={option.name}>
            {option.label || option.name}
          </option>
        ))}
      </select>
    </Field>
  )
  return (
    <EventTabForm form={form}>
      {/* Enter in a field submits the form's first button: make that the save, not a builder button. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <fieldset className="stack">
        <legend>{t('forms:editor.registration.legend')}</legend>
        <CheckboxField field={fields.registrationEnabled} label={t('forms:editor.registration.enabled')} />
        <CheckboxField
          field={fields.registrationModeration}
          label={t('forms:editor.registration.moderation')}
          hint={t('forms:editor.registration.moderationHint')}
        />
        <p className="hint">{t('forms:editor.registration.scheduleHint')}</p>
      </fieldset>

      <fieldset className="stack form-builder-toggle">
        <legend>{t('forms:editor.registration.formLegend')}</legend>
        <CheckboxField field={fields.formEnabled} label={t('forms:editor.registration.formEnabled')} />
        <FormBuilder form={form} field={fields.steps} title={t('forms:editor.registration.formTitle')} />
      </fieldset>

      <fieldset className="stack">
        <legend>{t('forms:editor.registration.matchLegend')}</legend>
        <CheckboxField field={fields.matchSort} label={t('forms:editor.registration.matchSort')} />
        <div className="field-grid">
          {choice(fields.matchPrimaryField, t('forms:editor.registration.matchPrimary'))}
          {choice(fields.matchSecondaryField, t('forms:editor.registration.matchSecondary'))}
        </div>
        <p className="hint">{t('forms:editor.registration.matchHint')}</p>
      </fieldset>
    </EventTabForm>
  )
}
