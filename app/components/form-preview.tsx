import { CHOICE_TYPES, FIELD_TYPES, FORM_LIMITS, type FieldType } from '#app/lib/forms/form-definition'
import type { BuilderStepInput } from '#app/lib/forms/form-builder.schema'
import { useT } from '#app/lib/i18n/use-t'

// A read-only look at the form being built, under the builder: each step with its fields as people
// will see them, every control disabled (answering is the registration and survey pages' own).
// It reads the builder's current values, so it follows the list buttons without saving.

const INPUT_TYPE: Partial<Record<FieldType, string>> = {
  email: 'email',
  mobilePhone: 'tel',
  webAddress: 'url',
  number: 'number',
  date: 'date',
}
const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value)
const lines = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : []

export function FormPreview({ id, steps }: { id: string; steps: BuilderStepInput[] | undefined }) {
  const { t } = useT()
  const shown = (steps ?? []).filter((step) => Array.isArray(step?.fields) && step.fields.length > 0)
  return (
    <details className="form-preview">
      <summary>{t('forms:builder.preview')}</summary>
      {shown.length === 0 ? <p className="muted">{t('forms:builder.previewEmpty')}</p> : null}
      {shown.map((step, s) => (
        <fieldset key={s} className="form-preview-step" disabled>
          <legend>{t('forms:builder.stepLegend', { number: s + 1 })}</legend>
          {step.fields!.map((field, f) => {
            const type = isFieldType(field?.type) ? field.type : null
            if (!type) return null
            const controlId = `${id}-preview-${s}-${f}`
            const label = `${field.label || t(`forms:types.${type}`)}${field.required === 'on' || field.required === true || type === 'email' ? ' *' : ''}`
            if (type === 'displayText') return <p key={f}>{field.text}</p>
            if (type === 'toggle')
              return (
                <div key={f} className="checkbox-field">
                  <input type="checkbox" id={controlId} />
                  <label htmlFor={controlId}>{label}</label>
                </div>
              )
            if (CHOICE_TYPES.has(type) && type === 'multipleChoice')
              return (
                <fieldset key={f} className="form-preview-choices">
                  <legend>{label}</legend>
                  {lines(field.options).map((option, o) => (
                    <div key={o} className="checkbox-field">
                      <input type="checkbox" id={`${controlId}-${o}`} />
                      <label htmlFor={`${controlId}-${o}`}>{option}</label>
                    </div>
                  ))}
                </fieldset>
              )
            if (type === 'rating') {
              const scale = Math.min(
                Math.max(Number(field.max) || FORM_LIMITS.ratingScale, 2),
                FORM_LIMITS.ratingScaleMax,
              )
              return (
                <fieldset key={f} className="form-preview-choices form-preview-rating">
                  <legend>{label}</legend>
                  {Array.from({ length: scale }, (_, r) => (
                    <span key={r} className="form-preview-rate">
                      <input type="radio" id={`${controlId}-${r}`} name={controlId} />
                      <label htmlFor={`${controlId}-${r}`}>{r + 1}</label>
                    </span>
                  ))}
                </fieldset>
              )
            }
            return (
              <div key={f} className="field">
                <label htmlFor={controlId}>{label}</label>
                {type === 'dropdown' ? (
                  <select id={controlId}>
                    {lines(field.options).map((option, o) => (
                      <option key={o}>{option}</option>
                    ))}
                  </select>
                ) : type === 'longText' ? (
                  <textarea id={controlId} rows={3} />
                ) : (
                  <input id={controlId} type={INPUT_TYPE[type] ?? 'text'} />
                )}
              </div>
            )
          })}
        </fieldset>
      ))}
    </details>
  )
}
