import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from '@conform-to/react'
import { FORM_LIMITS, type FormField } from '#app/lib/forms/form-definition'
import type { TranslationKey } from '#app/lib/i18n/i18n'
import { useT } from '#app/lib/i18n/use-t'

/**
 * One step of an admin-built form (registration, pre- and post-survey) as plain inputs: every
 * field type, labelled, required ones marked, errors in the reader's language with the
 * field's own {min} and {max}. Works without JavaScript; the server checks the answers with
 * answersSchema (app/lib/forms/form-definition.ts). `meta` is conform's fields object of the form.
 */
export function FormStepFields({
  fields,
  meta,
  smsConsent,
}: {
  fields: FormField[]
  meta: Record<string, FieldMetadata<unknown>>
  smsConsent?: readonly string[]
}) {
  return (
    <>
      {fields.map((field) => (
        <FormFieldInput key={field.name} field={field} meta={meta[field.name]!} smsConsent={smsConsent} />
      ))}
    </>
  )
}

/** The {min} and {max} a field's length or value messages name (the schema's own defaults when unset). */
function limitsOf(field: FormField) {
  const longest = field.type === 'longText' ? FORM_LIMITS.longTextMax : FORM_LIMITS.shortTextMax
  return field.type === 'number'
    ? { min: field.min ?? 0, max: field.max ?? 0 }
    : { min: field.min ?? 1, max: Math.min(field.max ?? longest, longest) }
}

function FieldErrors({ id, field, errors }: { id: string; field: FormField; errors: string[] | undefined }) {
  const { t } = useT()
  if (!errors?.length) return null
  return (
    <p id={id} className="field-error">
      {errors.map((error) => t(error as TranslationKey, limitsOf(field))).join(' ')}
    </p>
  )
}

function Label({ field, htmlFor }: { field: FormField; htmlFor?: string }) {
  const { t } = useT()
  const text = (
    <>
      {field.label}
      {field.required ? (
        <span className="required-mark" title={t('registration:page.requiredMark')}>
          {' '}
          *<span className="visually-hidden"> ({t('registration:page.requiredMark')})</span>
        </span>
      ) : null}
    </>
  )
  return htmlFor ? <label htmlFor={htmlFor}>{text}</label> : <legend>{text}</legend>
}

/**
 * `smsConsent` (registration only): a mobile-phone field gets a consent box (posted as
 * smsConsent=<field name>); ticked, the number is proven by an SMS code before registering.
 */
function FormFieldInput({
  field,
  meta,
  smsConsent,
}: {
  field: FormField
  meta: FieldMetadata<unknown>
  smsConsent?: readonly string[]
}) {
  const { t } = useT()
  const errorId = `${meta.id}-error`
  const invalid = meta.errors?.length ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}
  // Conform reads a field's constraint from the schema; the required mark is the field's own.
  const input = (type: 'text' | 'email' | 'tel' | 'number' | 'date') =>
    getInputProps(meta as FieldMetadata<string>, { type })

  if (field.type === 'displayText') return <p className="form-display-text">{field.text}</p>

  if (field.type === 'toggle') {
    return (
      <div className="checkbox-field">
        <input {...getInputProps(meta as FieldMetadata<boolean>, { type: 'checkbox' })} {...invalid} />
        <Label field={field} htmlFor={meta.id} />
        <FieldErrors id={errorId} field={field} errors={meta.errors} />
      </div>
    )
  }

  if (field.type === 'multipleChoice' || field.type === 'rating') {
    const options =
      field.type === 'rating'
        ? Array.from({ length: field.max ?? FORM_LIMITS.ratingScale }, (_, i) => String(i + 1))
        : (field.options ?? [])
    const collection = getCollectionProps(meta as FieldMetadata<string[]>, {
      type: field.type === 'rating' ? 'radio' : 'checkbox',
      options,
    })
    return (
      <fieldset
        className={`field form-choices form-${field.type}`}
        {...(meta.errors?.length ? { 'aria-describedby': errorId } : {})}
      >
        <Label field={field} />
        <div className="form-choice-list">
          {collection.map((choice) => (
            <span key={choice.key} className="form-choice">
              <input {...choice} key={undefined} />
              <label htmlFor={choice.id}>
                {field.type === 'rating' ? (
                  <span aria-label={t('registration:field.ratingOf', { value: choice.value, max: options.length })}>
                    {choice.value}
                  </span>
                ) : (
                  choice.value
                )}
              </label>
            </span>
          ))}
        </div>
        <FieldErrors id={errorId} field={field} errors={meta.errors} />
      </fieldset>
    )
  }

  const control = (() => {
    switch (field.type) {
      case 'longText':
        return <textarea {...getTextareaProps(meta as FieldMetadata<string>)} rows={5} {...invalid} />
      case 'dropdown':
        return (
          <select {...getSelectProps(meta as FieldMetadata<string>)} {...invalid}>
            <option value="">{t('registration:field.chooseOne')}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )
      case 'email':
        return <input {...input('email')} autoComplete="email" {...invalid} />
      case 'mobilePhone':
        return <input {...input('tel')} autoComplete="tel" {...invalid} />
      case 'number':
        return <input {...input('number')} step="any" {...invalid} />
      case 'date':
        return <input {...input('date')} {...invalid} />
      case 'webAddress':
        return <input {...input('text')} inputMode="url" autoComplete="url" {...invalid} />
      case 'fullName':
        return <input {...input('text')} autoComplete="name" {...invalid} />
      default:
        return <input {...input('text')} {...invalid} />
    }
  })()
  return (
    <div className="field">
      <Label field={field} htmlFor={meta.id} />
      {control}
      <FieldErrors id={errorId} field={field} errors={meta.errors} />
      {field.type === 'mobilePhone' && smsConsent ? (
        <div className="checkbox-field sms-consent">
          <input
            type="checkbox"
            id={`${meta.id}-sms`}
            name="smsConsent"
            value={field.name}
            defaultChecked={smsConsent.includes(field.name)}
          />
          <label htmlFor={`${meta.id}-sms`}>{t('registration:phone.consent')}</label>
        </div>
      ) : null}
    </div>
  )
}
