import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { CheckboxField, Field, FormErrors, TimeZoneField } from '#app/components/field'
import { ENDS, FREQUENCIES, WEEKDAYS } from '#app/lib/event-series/series-rules'
import type { SeriesFields } from '#app/lib/event-series/series.schema'
import { useT } from '#app/lib/i18n/use-t'

// The event series form, shared by the new-series page and the editor (name, summary, description,
// registration required, and the sessions' frequency). A plain form: the weekdays
// are checkboxes and the end a radio pair, so it works without JavaScript; the server checks everything.
export function SeriesForm({
  id,
  lastResult,
  defaultValue,
  constraint,
  timeZones,
  submitLabel,
  cancelTo,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | null | undefined
  defaultValue: Record<string, unknown>
  constraint: unknown
  timeZones: string[]
  submitLabel: string
  cancelTo: string
}) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<SeriesFields>({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue,
    constraint: constraint as never,
    shouldValidate: 'onSubmit',
  })
  const weekdays = [fields.weekdays.initialValue ?? []].flat() as string[]
  const ends = (fields.ends.initialValue as string | undefined) ?? 'count'
  return (
    <>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="stack card member-form series-form">
        <fieldset className="stack">
          <legend>{t('series:fields.legendDetails')}</legend>
          <Field label={t('series:fields.name')} errors={fields.name.errors}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
          </Field>
          <Field label={t('series:fields.summary')} errors={fields.summary.errors}>
            <textarea {...getTextareaProps(fields.summary)} rows={2} />
          </Field>
          <p className="hint">{t('series:fields.summaryHint')}</p>
          <Field label={t('series:fields.description')} errors={fields.description.errors}>
            <textarea {...getTextareaProps(fields.description)} rows={4} />
          </Field>
          <CheckboxField
            field={fields.registrationRequired}
            label={t('series:fields.registrationRequired')}
            hint={t('series:fields.registrationHint')}
          />
        </fieldset>

        <fieldset className="stack">
          <legend>{t('series:fields.legendSchedule')}</legend>
          <div className="field-grid">
            <Field label={t('series:fields.date')} errors={fields.date.errors}>
              <input {...getInputProps(fields.date, { type: 'date' })} />
            </Field>
            <Field label={t('series:fields.time')} errors={fields.time.errors}>
              <input {...getInputProps(fields.time, { type: 'time' })} />
            </Field>
            <TimeZoneField label={t('series:fields.timeZone')} field={fields.timeZone} zones={timeZones} />
            <Field label={t('series:fields.durationMinutes')} errors={fields.durationMinutes.errors}>
              <input {...getInputProps(fields.durationMinutes, { type: 'number' })} inputMode="numeric" />
            </Field>
          </div>
          <div className="field-grid">
            <Field label={t('series:fields.frequency')} errors={fields.frequency.errors}>
              <select {...getSelectProps(fields.frequency)}>
                {FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {t(`series:frequencies.${frequency}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('series:fields.interval')} errors={fields.interval.errors}>
              <input
                {...getInputProps(fields.interval, { type: 'number' })}
                inputMode="numeric"
                aria-describedby={`${fields.interval.id}-hint`}
              />
            </Field>
          </div>
          <p className="hint" id={`${fields.interval.id}-hint`}>
            {t('series:fields.intervalHint')}
          </p>
          <fieldset className="series-weekdays" key={`weekdays-${form.key}`}>
            <legend>{t('series:fields.weekdays')}</legend>
            <p className="hint">{t('series:fields.weekdaysHint')}</p>
            <div className="series-weekday-list">
              {WEEKDAYS.map((day) => (
                <div className="checkbox-field" key={day}>
                  <input
                    type="checkbox"
                    id={`${fields.weekdays.id}-${day}`}
                    name={fields.weekdays.name}
                    value={day}
                    defaultChecked={weekdays.includes(day)}
                  />
                  <label htmlFor={`${fields.weekdays.id}-${day}`}>{t(`series:weekdays.${day}`)}</label>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className="series-ends" key={`ends-${form.key}`}>
            <legend>{t('series:fields.ends')}</legend>
            {ENDS.map((end) => (
              <div className="checkbox-field" key={end}>
                <input
                  type="radio"
                  id={`${fields.ends.id}-${end}`}
                  name={fields.ends.name}
                  value={end}
                  defaultChecked={ends === end}
                />
                <label htmlFor={`${fields.ends.id}-${end}`}>
                  {t(end === 'count' ? 'series:fields.endsCount' : 'series:fields.endsUntil')}
                </label>
              </div>
            ))}
            {fields.ends.errors?.length ? (
              <p className="field-error">{fields.ends.errors.map((error) => t(error as never)).join(' ')}</p>
            ) : null}
            <div className="field-grid">
              <Field label={t('series:fields.count')} errors={fields.count.errors}>
                <input {...getInputProps(fields.count, { type: 'number' })} inputMode="numeric" />
              </Field>
              <Field label={t('series:fields.untilDate')} errors={fields.untilDate.errors}>
                <input {...getInputProps(fields.untilDate, { type: 'date' })} />
              </Field>
            </div>
            <p className="hint">{t('series:fields.capHint')}</p>
          </fieldset>
        </fieldset>
        <div className="inline-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {submitLabel}
          </button>
          <Link to={cancelTo} className="button">
            {t('series:actions.cancel')}
          </Link>
        </div>
      </Form>
    </>
  )
}

/** The refusal in the product's words, for someone who may not create event series. */
export function SeriesRefusal() {
  const { t } = useT()
  return (
    <div role="alert" className="notice notice-error">
      <p>{t('series:errors.noPermission')}</p>
    </div>
  )
}
