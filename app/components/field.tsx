import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import type { TranslationKey } from '#app/lib/i18n/i18n'

/**
 * A labelled form control with its errors. Errors are translation keys (the zod schemas speak in
 * keys), shown in the user's language and tied to the control with aria-describedby.
 */
export function Field({ label, errors, children }: { label: string; errors?: string[]; children: ReactNode }) {
  const { t } = useT()
  const control = Children.only(children) as ReactElement<{
    id?: string
    'aria-describedby'?: string
    'aria-invalid'?: boolean
  }>
  const id = control.props.id
  const errorId = id ? `${id}-error` : undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {isValidElement(control)
        ? cloneElement(control, errors?.length ? { 'aria-describedby': errorId, 'aria-invalid': true } : {})
        : control}
      {errors?.length ? (
        <p id={errorId} className="field-error">
          {errors.map((error) => t(error as TranslationKey)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** The one-time code input of every verification step: a digit keyboard and the device's code autofill. */
export function CodeField({ label, field }: { label: string; field: FieldMetadata<string> }) {
  return (
    <Field label={label} errors={field.errors}>
      <input
        {...getInputProps(field, { type: 'text' })}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        className="code-input"
      />
    </Field>
  )
}

/**
 * A labelled checkbox bound to a boolean field: label after the box, its errors tied to it. Unticked boxes are not
 * posted, and the schemas read a missing box as false, so this works without JavaScript.
 */
export function CheckboxField({
  field,
  label,
  hint,
  disabled,
  checked,
}: {
  field: FieldMetadata<boolean | undefined>
  label: string
  hint?: ReactNode
  /** Shown but not editable (a setting another one forces); `checked` is then what it is forced to. */
  disabled?: boolean
  checked?: boolean
}) {
  const { t } = useT()
  const errorId = `${field.id}-error`
  const hintId = `${field.id}-hint`
  const props = getInputProps(field, { type: 'checkbox' })
  const described = [hint ? hintId : null, field.errors?.length ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="checkbox-field">
      <input
        {...props}
        {...(disabled ? { disabled: true, defaultChecked: undefined, checked: Boolean(checked), readOnly: true } : {})}
        {...(described ? { 'aria-describedby': described } : {})}
        {...(field.errors?.length ? { 'aria-invalid': true } : {})}
      />
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={hintId} className="hint checkbox-hint">
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={errorId} className="field-error">
          {field.errors.map((error) => t(error as TranslationKey)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** The form's own errors (not any one field's), as translation keys, announced when they appear. */
export function FormErrors({ errors }: { errors?: string[] }) {
  const { t } = useT()
  if (!errors?.length) return null
  return (
    <div role="alert" className="notice notice-error">
      {errors.map((error) => (
        <p key={error}>{t(error as TranslationKey)}</p>
      ))}
    </div>
  )
}

/** A time zone chosen from the server's list (IANA names, as Intl knows them). */
export function TimeZoneField({
  label,
  field,
  zones,
}: {
  label: string
  field: FieldMetadata<string | undefined>
  zones: readonly string[]
}) {
  return (
    <Field label={label} errors={field.errors}>
      <select {...getSelectProps(field)}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </Field>
  )
}
