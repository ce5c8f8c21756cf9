import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useT } from '#app/lib/i18n/use-t'
import { CodeField, Field } from './field'

/** The person's full name and email address, as every sign-up flow asks for them. */
export function NameAndEmailFields({
  fields,
}: {
  fields: { fullName: FieldMetadata<string>; emailAddress: FieldMetadata<string> }
}) {
  const { t } = useT()
  return (
    <>
      <Field label={t('auth:register.fullName')} errors={fields.fullName.errors}>
        <input {...getInputProps(fields.fullName, { type: 'text' })} autoComplete="name" />
      </Field>
      <Field label={t('auth:register.email')} errors={fields.emailAddress.errors}>
        <input {...getInputProps(fields.emailAddress, { type: 'email' })} autoComplete="email" />
      </Field>
    </>
  )
}

type Constraint = Parameters<typeof useForm<{ code: string }>>[0]['constraint']

/**
 * A sign-up flow's code step: the mailed code posted with intent=verify, and "Start over"
 * (intent=cancel), each a plain form. The flow's action answers both.
 */
export function SignupCodeForm({
  id,
  lastResult,
  constraint,
  submitLabel,
}: {
  id: string
  lastResult: SubmissionResult<string[]> | null | undefined
  constraint: Constraint
  submitLabel: string
}) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ code: string }>({ id, lastResult, constraint })
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="stack">
        <input type="hidden" name="intent" value="verify" />
        <CodeField label={t('auth:signIn.code')} field={fields.code} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </Form>
      <Form method="post" className="inline-actions">
        <button type="submit" name="intent" value="cancel" className="button">
          {t('auth:register.startOver')}
        </button>
      </Form>
    </>
  )
}
