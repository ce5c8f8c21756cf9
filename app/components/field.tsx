import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { useT } from '#app/lib/i18n/use-t'
import type { TranslationKey } from '#app/lib/i18n/i18n'

/**
 * A labelled form control with its errors. Errors are translation keys (the zod schemas speak in
 * keys), shown in the user's language and tied to the control with aria-describedby.
 */
export function Field({ label, errors, children }: { label: string; errors?: string[]; children: ReactNode }) {
  const { t } = useT()
  const control = Children.only(children) as ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>
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
