import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { EventTabForm, useEventTabForm } from '#app/components/event-editor-frame'
import { CheckboxField, Field } from '#app/components/field'
import type { CommunityHandle } from '#app/lib/communities/navigation'
import { eventEditorAction, eventEditorLoader } from '#app/lib/events/event-editor-routes.server'
import { EVENT_TYPES } from '#app/lib/events/event-rules'
import { groupsUrl } from '#app/lib/events/event-members-rules'
import type { EventCompositionFields } from '#app/lib/events/event.schema'
import { pageTitle } from '#app/lib/http/meta'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

// The editor's composition tab: scripted or live, the slots (added and removed by
// buttons that post the form, so they work without JavaScript), breakouts and the talking timer.
export const handle: CommunityHandle = { nav: () => ({ page: 'events' }) }
export const loader = (args: LoaderFunctionArgs) => eventEditorLoader(args, 'composition')
export const action = (args: ActionFunctionArgs) => eventEditorAction(args, 'composition')
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  pageTitle({ matches, error }, 'events:editor.pageTitle')
export { GeneralErrorBoundary as ErrorBoundary } from '#app/components/error-boundary'

export default function EventCompositionTab() {
  const { t } = useT()
  const { page, form, fields } = useEventTabForm<EventCompositionFields>('composition')
  const slots = fields.slots.getFieldList()
  return (
    <EventTabForm form={form}>
      {/* Enter in a field submits the form's first button: make that the save, not a slot's remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <fieldset className="stack">
        <legend>{t('events:editor.tabs.composition')}</legend>
        <Field label={t('events:fields.eventType')} errors={fields.eventType.errors}>
          <select {...getSelectProps(fields.eventType)}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`events:eventTypes.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <p className="hint">{t('events:fields.eventTypeHint')}</p>
      </fieldset>

      <fieldset className="stack">
        <legend>{t('events:slots.title')}</legend>
        {fields.slots.errors?.length ? (
          <p id={`${fields.slots.id}-error`} className="field-error" role="alert">
            {fields.slots.errors.map((error) => t(error as TranslationKey)).join(' ')}
          </p>
        ) : null}
        {slots.length === 0 ? <p className="muted">{t('events:slots.none')}</p> : null}
        <ol className="event-slots">
          {slots.map((slot, index) => {
            const slotFields = slot.getFieldset()
            return (
              <li key={slot.key} className="event-slot">
                <div className="field-grid">
                  <Field label={t('events:slots.name', { number: index + 1 })} errors={slotFields.name.errors}>
                    <input {...getInputProps(slotFields.name, { type: 'text' })} autoComplete="off" />
                  </Field>
                  <Field label={t('events:slots.minutes')} errors={slotFields.minutes.errors}>
                    <input {...getInputProps(slotFields.minutes, { type: 'number' })} inputMode="numeric" />
                  </Field>
                  <Field label={t('events:slots.seconds')} errors={slotFields.seconds.errors}>
                    <input {...getInputProps(slotFields.seconds, { type: 'number' })} inputMode="numeric" />
                  </Field>
                </div>
                <button
                  {...form.remove.getButtonProps({ name: fields.slots.name, index })}
                  className="button button-small"
                >
                  {t('events:slots.remove', { number: index + 1 })}
                </button>
              </li>
            )
          })}
        </ol>
        <div>
          <button
            {...form.insert.getButtonProps({
              name: fields.slots.name,
              defaultValue: { name: '', minutes: '5', seconds: '0' },
            })}
            className="button button-small"
          >
            {t('events:slots.add')}
          </button>
        </div>
      </fieldset>

      <fieldset className="stack">
        <legend>{t('events:fields.breakouts')}</legend>
        <Field label={t('events:fields.breakoutSize')} errors={fields.breakoutSize.errors}>
          <input {...getInputProps(fields.breakoutSize, { type: 'number' })} inputMode="numeric" />
        </Field>
        <p className="hint">{t('events:fields.breakoutSizeHint')}</p>
        {page.event ? (
          <p>
            <Link to={groupsUrl(page.brandSlug, page.event.slug)}>{t('events:fields.predefinedGroups')}</Link>
          </p>
        ) : null}
      </fieldset>

      <fieldset className="stack">
        <legend>{t('events:timer.title')}</legend>
        <div className="field-grid">
          <Field label={t('events:timer.minutes')} errors={fields.timerMinutes.errors}>
            <input {...getInputProps(fields.timerMinutes, { type: 'number' })} inputMode="numeric" />
          </Field>
          <Field label={t('events:timer.seconds')} errors={fields.timerSeconds.errors}>
            <input {...getInputProps(fields.timerSeconds, { type: 'number' })} inputMode="numeric" />
          </Field>
        </div>
        <CheckboxField field={fields.timerMuteOnExpiry} label={t('events:timer.muteOnExpiry')} />
        <CheckboxField field={fields.timerEnforcement} label={t('events:timer.enforcement')} />
        <Field label={t('events:timer.enforcementMessage')} errors={fields.timerEnforcementMessage.errors}>
          <textarea {...getTextareaProps(fields.timerEnforcementMessage)} rows={2} />
        </Field>
        <CheckboxField field={fields.timerEncouragement} label={t('events:timer.encouragement')} />
        <Field label={t('events:timer.encouragementMessage')} errors={fields.timerEncouragementMessage.errors}>
          <textarea {...getTextareaProps(fields.timerEncouragementMessage)} rows={2} />
        </Field>
      </fieldset>
    </EventTabForm>
  )
}
