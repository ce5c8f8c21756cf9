import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Field, TimeZoneField } from '#app/components/field'
import { useT } from '#app/lib/i18n/use-t'

// The fieldsets the new-event form and the editor's tabs share (details, schedule), so the two
// never drift apart. Each takes conform's fields for its part of the form.

type Text = FieldMetadata<string | undefined>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of either form's schema
type AnyField = FieldMetadata<any>

export function EventDetailsFieldset({
  fields,
  bannerImage,
}: {
  fields: { name: Text; description: Text; banner: AnyField }
  bannerImage?: string | null
}) {
  const { t } = useT()
  return (
    <fieldset className="stack">
      <legend>{t('events:editor.tabs.details')}</legend>
      <Field label={t('events:fields.name')} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" />
      </Field>
      <Field label={t('events:fields.description')} errors={fields.description.errors}>
        <textarea {...getTextareaProps(fields.description)} rows={4} />
      </Field>
      {bannerImage ? (
        <img src={bannerImage} alt={t('events:fields.currentBanner')} className="event-banner event-banner-preview" />
      ) : null}
      <Field label={t('events:fields.banner')} errors={fields.banner.errors}>
        <input {...getInputProps(fields.banner, { type: 'file' })} accept="image/png,image/jpeg,image/webp,image/gif" />
      </Field>
      <p className="hint">{t('events:fields.bannerHint')}</p>
    </fieldset>
  )
}

export function EventScheduleFieldset({
  fields,
  timeZones,
}: {
  fields: {
    date: Text
    time: Text
    timeZone: Text
    durationMinutes: AnyField
    cutoffDate: Text
    cutoffTime: Text
    registrationLimit: AnyField
  }
  timeZones: string[]
}) {
  const { t } = useT()
  return (
    <fieldset className="stack">
      <legend>{t('events:editor.tabs.schedule')}</legend>
      <div className="field-grid">
        <Field label={t('events:fields.date')} errors={fields.date.errors}>
          <input {...getInputProps(fields.date, { type: 'date' })} />
        </Field>
        <Field label={t('events:fields.time')} errors={fields.time.errors}>
          <input {...getInputProps(fields.time, { type: 'time' })} />
        </Field>
        <TimeZoneField label={t('events:fields.timeZone')} field={fields.timeZone} zones={timeZones} />
        <Field label={t('events:fields.durationMinutes')} errors={fields.durationMinutes.errors}>
          <input {...getInputProps(fields.durationMinutes, { type: 'number' })} inputMode="numeric" />
        </Field>
      </div>
      <p className="hint">{t('events:fields.cutoffHint')}</p>
      <div className="field-grid">
        <Field label={t('events:fields.cutoffDate')} errors={fields.cutoffDate.errors}>
          <input {...getInputProps(fields.cutoffDate, { type: 'date' })} />
        </Field>
        <Field label={t('events:fields.cutoffTime')} errors={fields.cutoffTime.errors}>
          <input {...getInputProps(fields.cutoffTime, { type: 'time' })} />
        </Field>
        <Field label={t('events:fields.registrationLimit')} errors={fields.registrationLimit.errors}>
          <input {...getInputProps(fields.registrationLimit, { type: 'number' })} inputMode="numeric" />
        </Field>
      </div>
      <p className="hint">{t('events:fields.registrationLimitHint')}</p>
    </fieldset>
  )
}
