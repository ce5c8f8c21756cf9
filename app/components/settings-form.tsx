import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import type { TranslationKey } from '#app/lib/i18n/i18n'

/**
 * The settings panel's checkbox: label after the box, its errors tied to it. Unticked boxes are not
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

/** Over a form that came back with errors: the spec's "Your changes were not saved". */
export function NotSavedNotice({ show }: { show: boolean }) {
  const { t } = useT()
  return show ? (
    <div role="alert" className="notice notice-error">
      <p>{t('settings:notSaved')}</p>
    </div>
  ) : null
}
